import type { OperationInfo, Spec } from '../checks/spec.ts';
import { responsePointer } from '../checks/spec.ts';
import { type Branch, branchesOfSchema, branchesOfValue } from './branch-walk.ts';
import type { RunExchange } from './exchanges.ts';

/** One branch of one answer of the spec, and how the run's answers showed it (issue 47). */
export interface BranchTally extends Branch {
  /** `getOrderDiscounts 200 details[].type = cashback`: the same key night after night. */
  key: string;
  operation: string;
  status: string;
  /** Answers of the run that showed it. */
  seen: number;
  /** Of those, the answers a registry rule held or broke on (the schema check aside). */
  judged: number;
  /** For a branch not seen: why (branch-reasons.ts). */
  why?: string;
}

export interface BranchTotals {
  inSpec: number;
  seen: number;
  judged: number;
}

export const branchKey = (operation: string, status: string, b: Branch) =>
  `${operation} ${status} ${b.location} ${b.branch}`;

const JSON_TYPE = 'application/json';

/** The 2xx JSON answers of an operation the spec describes: status → schema pointer. */
function successSchemas(op: OperationInfo): [string, string][] {
  const responses = (op.operation.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>;
  return Object.entries(responses)
    .filter(([status, answer]) => /^2\d\d$/.test(status) && answer.content?.[JSON_TYPE])
    .map(([status]) => [status, responsePointer(op, status, JSON_TYPE)]);
}

/** Every branch of every 2xx JSON answer the spec describes, unseen. */
export function branchesInSpec(spec: Spec): BranchTally[] {
  return spec.operations.flatMap((op) =>
    successSchemas(op).flatMap(([status, pointer]) =>
      branchesOfSchema(spec, pointer).map((b) => ({
        ...b,
        key: branchKey(op.operationId, status, b),
        operation: op.operationId,
        status,
        seen: 0,
        judged: 0,
      })),
    ),
  );
}

/** Answers repeat (a conversation read again, a page asked twice): their branches are walked once. */
const branchesOfText = new WeakMap<Spec, Map<string, string[]>>();

/** The branches one answer shows; none when its body is unknown or its status is no 2xx JSON answer. */
export function branchesOfExchange(spec: Spec, exchange: RunExchange): string[] {
  if (!exchange.operation || exchange.bodyUnknown) return [];
  const known = branchesOfText.get(spec) ?? new Map<string, string[]>();
  branchesOfText.set(spec, known);
  const key = `${exchange.operation} ${exchange.response.status}\n${exchange.response.text}`;
  const found = known.get(key) ?? walkBranches(spec, exchange);
  known.set(key, found);
  return found;
}

function walkBranches(spec: Spec, exchange: RunExchange): string[] {
  if (!exchange.operation) return [];
  return branchesOfAnswer(spec, exchange.operation, exchange.response.status, exchange.response.body);
}

/** The branch keys a decoded answer's body shows; none when the status is no 2xx JSON answer of the operation. */
export function branchesOfAnswer(spec: Spec, operationId: string, status: number, body: unknown): string[] {
  const op = spec.operations.find((o) => o.operationId === operationId);
  const shown = String(status);
  const pointer = op ? successSchemas(op).find(([s]) => s === shown)?.[1] : undefined;
  if (!op || !pointer || body === undefined) return [];
  return branchesOfValue(spec, pointer, body).map((b) => branchKey(operationId, shown, b));
}

/** The spec's branches counted over the run's answers: seen, and judged by a registry rule on that answer. */
export function tallyBranches(
  spec: Spec,
  exchanges: readonly RunExchange[],
  judgedExchanges: ReadonlySet<number>,
): BranchTally[] {
  const tallies = new Map(branchesInSpec(spec).map((t) => [t.key, t]));
  for (const exchange of exchanges)
    for (const key of branchesOfExchange(spec, exchange)) {
      const tally = tallies.get(key);
      if (!tally) continue;
      tally.seen += 1;
      if (judgedExchanges.has(exchange.index)) tally.judged += 1;
    }
  return [...tallies.values()];
}

export function branchTotals(tallies: readonly BranchTally[]): BranchTotals {
  return {
    inSpec: tallies.length,
    seen: tallies.filter((t) => t.seen > 0).length,
    judged: tallies.filter((t) => t.judged > 0).length,
  };
}
