import type { RunExchange } from './exchanges.ts';

/** What the run received of one operation and how much of it a rule judged (issue 45: answers, not only requirements). */
export interface AnswerTally {
  operation: string;
  received: number;
  /** Answers with a 2xx status. */
  succeeded: number;
  /** Answers at least one registry rule held or broke on (the schema check aside). */
  judged: number;
  /** 2xx answers at least one registry rule held or broke on. */
  succeededJudged: number;
  /** The rules that judged an answer of the operation. */
  rules: string[];
  /** The top-level fields of the 2xx answers no rule judged: where the next rule is to be written. */
  unjudgedFields: string[];
}

const succeeded = (e: RunExchange) => e.response.status >= 200 && e.response.status < 300;

function fieldsOf(body: unknown): string[] {
  if (Array.isArray(body)) return ['[]'];
  return body && typeof body === 'object' ? Object.keys(body) : [];
}

/** Per operation: answers received, answers judged by at least one rule, the rules applied, the fields left unjudged. */
export function tallyAnswers(verdict: {
  exchanges: readonly RunExchange[];
  judgements: readonly { exchange: RunExchange; rule: string; outcome: string }[];
}): AnswerTally[] {
  const judgedBy = new Map<number, Set<string>>();
  for (const j of verdict.judgements) {
    if (j.outcome === 'not judged') continue;
    const rules = judgedBy.get(j.exchange.index) ?? new Set<string>();
    rules.add(j.rule);
    judgedBy.set(j.exchange.index, rules);
  }
  const byOperation = new Map<string, RunExchange[]>();
  for (const e of verdict.exchanges)
    if (e.operation) byOperation.set(e.operation, [...(byOperation.get(e.operation) ?? []), e]);
  return [...byOperation.entries()]
    .map(([operation, list]) => {
      const judged = list.filter((e) => judgedBy.has(e.index));
      const unjudged = list.filter((e) => succeeded(e) && !judgedBy.has(e.index));
      return {
        operation,
        received: list.length,
        succeeded: list.filter(succeeded).length,
        judged: judged.length,
        succeededJudged: judged.filter(succeeded).length,
        rules: [...new Set(judged.flatMap((e) => [...(judgedBy.get(e.index) ?? [])]))].sort(),
        unjudgedFields: [...new Set(unjudged.flatMap((e) => fieldsOf(e.response.body)))].sort(),
      };
    })
    .sort((a, b) => a.operation.localeCompare(b.operation));
}
