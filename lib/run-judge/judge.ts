import { runFindings } from '../checks/findings.ts';
import type { Spec } from '../checks/spec.ts';
import type { JudgedFinding } from '../checks/types.ts';
import { judge } from '../checks/verdict.ts';
import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import type { TargetProfile } from '../profile/types.ts';
import type { Rule } from '../rules/rule.ts';
import { type AnswerTally, tallyAnswers } from './answers.ts';
import { type BranchTally, tallyBranches } from './branches.ts';
import type { RunExchange } from './exchanges.ts';
import { type InputTally, tallyInputs } from './inputs.ts';
import { operationMatcher } from './match.ts';
import { runRules } from './rules.ts';

/** One judgement of a registry rule on one exchange of the run. */
export interface RunJudgement extends Judgement {
  rule: string;
  exchange: RunExchange;
  /** `GET /orders/{order_id}`. */
  label: string;
}

/** A named check's finding on an answer no test's client checked (discovery's, the start's). */
export interface RunFinding extends JudgedFinding {
  exchange: RunExchange;
}

export interface RunVerdict {
  exchanges: RunExchange[];
  /** Exchanges no operation of the spec matches: listed, not judged. */
  unknown: RunExchange[];
  judgements: RunJudgement[];
  findings: RunFinding[];
  answers: AnswerTally[];
  /** The spec's answer branches, seen and judged over the run's answers (issue 47). */
  branches: BranchTally[];
  /** The spec's parameters by class of input, sent and judged over the run's requests (issue 47). */
  inputs: InputTally[];
}

/** Tests' answers were checked by their client already; the others' (discovery, the start) are checked here. */
export const sentByTest = (exchange: RunExchange): boolean => exchange.part.includes(' › ');

export const ruleName = (rule: Rule): string => rule.name ?? rule.requirements.join(', ');

function namedChecks(
  exchange: RunExchange,
  spec: Spec,
  opLabel: string,
  profile: TargetProfile,
  redact: (t: string) => string,
) {
  const op = spec.operations.find((o) => o.operationId === exchange.operation);
  if (!op || exchange.bodyUnknown) return [];
  const { status, headers, text, body } = exchange.response;
  const json = (headers['content-type'] ?? '').includes('json');
  const found = runFindings(
    {
      spec,
      op,
      label: opLabel,
      redact,
      clientErrorStatusOpen: !profile.isMock,
      mockChoicesHeld: profile.isMock,
      requestHeaders: exchange.request.headers,
    },
    { status, headers, body: json ? body : undefined, text },
  );
  return judge(found, profile).map((finding) => ({ ...finding, message: redact(finding.message), exchange }));
}

/**
 * A rule not judged because the answer left its field out: an omission, counted as the target's policy
 * counts the schema's (lib/checks/verdict.ts). Where the policy fails it (the mock, which sends every
 * listed field; a field the memory shows in every answer), the rule is broken, not evaded.
 */
function omissionJudged(
  j: Judgement,
  rule: string,
  label: string,
  exchange: RunExchange,
  profile: TargetProfile,
): Judgement {
  if (j.outcome !== 'not judged' || j.leftOut === undefined) return j;
  const [counted] = judge(
    [
      {
        check: rule,
        requirement: j.requirement,
        operation: label,
        field: j.leftOut,
        level: 'omission',
        keyword: 'required',
        message: `${label}: ${j.leftOut} is left out, and ${j.requirement} reads it`,
        evidence: { status: exchange.response.status },
      },
    ],
    profile,
  );
  if (counted?.outcome !== 'new') return j;
  const why = profile.isMock ? 'the mock sends every listed field' : 'the memory shows it in every answer';
  return { ...j, outcome: 'broken', reason: `${j.reason ?? `${j.leftOut} is left out`} (${why})` };
}

/**
 * The run judged by itself (issue 45): every exchange it recorded, whichever part sent it, routed to its
 * operation and judged by every registry rule that applies, with the run's earlier exchanges as the
 * history; the answers no test's client checked also by the named checks.
 */
export function judgeRun(
  exchanges: RunExchange[],
  spec: Spec,
  profile: TargetProfile,
  redact: (text: string) => string,
  rules: readonly Rule[] = runRules(),
): RunVerdict {
  const match = operationMatcher(spec, new URL(profile.baseURL).pathname);
  const history: Exchange[] = [];
  const verdict: RunVerdict = {
    exchanges,
    unknown: [],
    judgements: [],
    findings: [],
    answers: [],
    branches: [],
    inputs: [],
  };
  for (const exchange of exchanges) {
    const matched = match(exchange);
    if (!matched) {
      verdict.unknown.push(exchange);
      continue;
    }
    exchange.operation = matched.op.operationId;
    exchange.pathParams = matched.params;
    exchange.rawPathParams = matched.rawParams;
    // An upload's form is not recorded: its test judged it; it stays in the history of the rules after it.
    if (exchange.requestBodyUnknown) {
      history.push(exchange);
      continue;
    }
    for (const rule of rules) {
      if (!rule.appliesTo(exchange)) continue;
      for (const j of rule.judge(exchange, { history }))
        verdict.judgements.push({
          ...omissionJudged(j, ruleName(rule), matched.label, exchange, profile),
          rule: ruleName(rule),
          exchange,
          label: matched.label,
        });
    }
    if (!sentByTest(exchange))
      verdict.findings.push(...namedChecks(exchange, spec, matched.label, profile, redact));
    history.push(exchange);
  }
  verdict.answers = tallyAnswers(verdict);
  const judged = new Set(
    verdict.judgements.filter((j) => j.outcome !== 'not judged').map((j) => j.exchange.index),
  );
  verdict.branches = tallyBranches(spec, exchanges, judged);
  verdict.inputs = tallyInputs(spec, exchanges, judged, profile);
  return verdict;
}
