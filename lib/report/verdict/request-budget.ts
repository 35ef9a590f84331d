import type { Tally } from '../../client/run-ledger.ts';

/**
 * The request budget of a run (issue 37): what the run cost the target, read from the run's ledger at
 * its end (the rate-limit reporter puts it in the run's metadata), judged against the verified
 * requirements (verdict.json, the index page) and against the physical limit: requests ÷ the rate the
 * target allowed is the least time a run of that many requests can take there.
 */

/** The run's requests as the runner saw them at its end (results.json metadata `requests`). */
export interface RunRequests {
  sent: number;
  /** Reads answered from the run's read cache: not sent. */
  reused: number;
  /** Requests sent by `METHOD /path` (ids in the path). */
  byPath: Record<string, number>;
  /** From the runner's start (discovery included) to its end. */
  wallMs: number;
  /** The rate the target refused the run at (a 429/503 cut the pacer's rate), else the profile's requestsPerSecond; 0: none known. The budget takes the larger of it and the rate observed over the run (allowedRate). */
  perSecond: number;
}

/** The budget verdict.json holds and the index page shows. */
export interface RequestBudget {
  sent: number;
  reused: number;
  verified: number;
  /** Requests per verified requirement; null when none was verified. */
  perVerified: number | null;
  /** The ten operations that cost the most requests (paths of no operation under `other`). */
  byOperation: { operation: string; requests: number }[];
  wallSeconds: number;
  /** The rate the target allowed over the run (allowedRate). */
  perSecond: number;
  /** requests ÷ rate, in seconds; null without a declared rate. Never above the wall time. */
  limitSeconds: number | null;
  /** wall time ÷ limit: 1.0 is as fast as the target allows. */
  ofLimit: number | null;
}

/** The run's requests from the ledger's tally. */
export function runRequests(tally: Tally, wallMs: number, perSecond: number): RunRequests {
  const sent = Object.values(tally.sent).reduce((sum, n) => sum + n, 0);
  return { sent, reused: tally.reused, byPath: tally.sent, wallMs, perSecond };
}

interface Operation {
  operationId: string;
  method: string;
  /** The path template, e.g. `/orders/{order_id}`. */
  path: string;
}

/** The operation a `METHOD /path` names: the most literal template that matches, as the traffic matcher ranks them. */
function operationNamer(operations: readonly Operation[]): (key: string) => string {
  const templates = operations
    .map((op) => ({
      op,
      pattern: new RegExp(
        `^${op.method.toUpperCase()} ${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`,
      ),
      weight: op.path.replace(/\{[^}]+\}/g, '').length,
    }))
    .sort((a, b) => b.weight - a.weight);
  return (key) => templates.find((t) => t.pattern.test(key))?.op.operationId ?? 'other (no operation)';
}

const TOP = 10;

/**
 * The rate the target allowed over the run: the rate it refused the run at (or the profile's), unless
 * the run was in fact answered faster over its whole wall time; then that observed rate. So the physical
 * limit (requests ÷ this rate) is never above what the run itself achieved: wall time ÷ limit ≥ 1.
 */
export function allowedRate(requests: Pick<RunRequests, 'sent' | 'wallMs' | 'perSecond'>): number {
  if (requests.perSecond <= 0) return 0;
  const observed = requests.wallMs > 0 ? (requests.sent * 1000) / requests.wallMs : 0;
  return Math.max(requests.perSecond, observed);
}

export function requestBudget(
  requests: RunRequests,
  verified: number,
  operations: readonly Operation[],
): RequestBudget {
  const nameOf = operationNamer(operations);
  const counts = new Map<string, number>();
  for (const [key, n] of Object.entries(requests.byPath))
    counts.set(nameOf(key), (counts.get(nameOf(key)) ?? 0) + n);
  const byOperation = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([operation, n]) => ({ operation, requests: n }));
  const wallSeconds = requests.wallMs / 1000;
  const perSecond = allowedRate(requests);
  const limitSeconds = perSecond > 0 ? requests.sent / perSecond : null;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    sent: requests.sent,
    reused: requests.reused,
    verified,
    perVerified: verified > 0 ? round(requests.sent / verified) : null,
    byOperation,
    wallSeconds: round(wallSeconds),
    perSecond: round(perSecond),
    limitSeconds: limitSeconds === null ? null : round(limitSeconds),
    ofLimit: limitSeconds ? round(wallSeconds / limitSeconds) : null,
  };
}

/** The budget in words: the console's lines and the index page's. */
export function budgetLines(budget: RequestBudget): string[] {
  const per =
    budget.perVerified === null
      ? 'no requirement verified'
      : `${budget.perVerified} per verified requirement`;
  const limit =
    budget.limitSeconds === null
      ? `wall time ${budget.wallSeconds} s (no rate declared: no physical limit)`
      : `wall time ${budget.wallSeconds} s against the physical limit of ${budget.limitSeconds} s (${budget.sent} requests ÷ ${budget.perSecond}/s): ×${budget.ofLimit}`;
  return [
    `requests: ${budget.sent} sent (${budget.reused} reads reused, not sent), ${per} (${budget.verified} verified); ${limit}`,
    `requests by operation: ${budget.byOperation.map((o) => `${o.operation} ${o.requests}`).join(', ')}`,
  ];
}
