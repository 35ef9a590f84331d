import { writeFileSync } from 'node:fs';
import type { RateLimitPolicy } from '../profile/types.ts';
import { answeredInRun, type LedgerLine, readLedger, recordLine, runFile } from './run-ledger.ts';

export { LEDGER_ENV, type LedgerLine, readLedger } from './run-ledger.ts';

const BACKOFF_MS = 500;

/**
 * The defaults of a profile's rateLimit. No cap on one wait nor on refusals in a row: "Request rate limits:
 * not shown", so a target may ask for any wait, as often as it likes; only the run's budget bounds them.
 */
const RATE_LIMIT_DEFAULTS = { budgetSeconds: 60, budgetSecondsPer100Calls: 10 };

/** One wait a call made before retrying, shown in the evidence. */
export interface Wait {
  status: number;
  retryAfter: string | null;
  waitedMs: number;
}

/** The target kept refusing one call with 429/503 beyond what the profile allows: not a conformance failure. */
export class TargetRateLimited extends Error {
  override name = 'TargetRateLimited';
  constructor(
    message: string,
    /** This call found the run's waiting budget spent first: the run waits no more. */
    readonly endedWaiting = false,
  ) {
    super(message);
  }
}

/** The run's waiting budget was spent earlier: a call the target refuses now is not verified, not failed. */
export class RunOutOfWaiting extends Error {
  override name = 'RunOutOfWaiting';
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The run's waiting budget so far: budgetSeconds, plus budgetSecondsPer100Calls for every 100 answered calls. */
function waitingBudgetMs(policy: RateLimitPolicy = {}, answered = answeredInRun()): number {
  const { budgetSeconds, budgetSecondsPer100Calls } = { ...RATE_LIMIT_DEFAULTS, ...policy };
  return (budgetSeconds + (budgetSecondsPer100Calls * answered) / 100) * 1000;
}

/** How the budget is made, for messages: "60 s + 10 s per 100 answered calls (1234) = 183.4 s". */
export function describeBudget(policy: RateLimitPolicy = {}, answered = answeredInRun()): string {
  const { budgetSeconds, budgetSecondsPer100Calls } = { ...RATE_LIMIT_DEFAULTS, ...policy };
  const total = (waitingBudgetMs(policy, answered) / 1000).toFixed(1);
  return `${budgetSeconds} s + ${budgetSecondsPer100Calls} s per 100 answered calls (${answered}) = ${total} s`;
}

let stoppedHere = false;

/** True for the one call of the run that finds the budget spent first (an exclusive file of the run). */
function claimStop(): boolean {
  const path = runFile('stopped');
  if (!path) {
    const first = !stoppedHere;
    stoppedHere = true;
    return first;
  }
  try {
    writeFileSync(path, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

function spentMs(lines: LedgerLine[]): number {
  return lines.reduce((sum, line) => sum + line.waitedMs, 0);
}

function stopped(lines: LedgerLine[]): boolean {
  return lines.some((line) => line.endedWaiting || line.notVerified);
}

/** Gives up on a call whose wait the run can no longer afford: the first says so for the run, the rest are not verified. */
function outOfBudget(label: string, asking: string, policy: RateLimitPolicy, first: boolean): Error {
  if (first) {
    const gaveUp = `${asking}, and the run's waiting budget (${describeBudget(policy)}) is spent`;
    recordLine({ label, status: 0, waitedMs: 0, gaveUp, endedWaiting: true });
    return new TargetRateLimited(
      `target rate-limited: ${label} answered ${gaveUp}; from now on a call the target refuses is not verified`,
      true,
    );
  }
  recordLine({ label, status: 0, waitedMs: 0, notVerified: true });
  return new RunOutOfWaiting(
    `not verified: target rate-limited: ${label} answered ${asking} after the run's waiting budget was spent`,
  );
}

/**
 * Decides what to do after an answer: undefined to take it, a number of milliseconds to wait before
 * retrying (what Retry-After asks, however long, or a short backoff), or an error: TargetRateLimited when
 * this call's retries are spent (only when the profile sets maxRetries), or when it is the first to find
 * the run's waiting budget spent; RunOutOfWaiting for every refused call after that. Waits are shared by
 * all processes through the ledger, so the budget is the run's.
 */
export function waitBeforeRetry(
  policy: RateLimitPolicy = {},
  label: string,
  answer: { status: number; headers: Record<string, string> },
  attempt: number,
): number | undefined {
  if (answer.status !== 429 && answer.status !== 503) return undefined;
  const header = answer.headers['retry-after'];
  const wait = retryAfterMs(header) ?? BACKOFF_MS * 2 ** Math.min(attempt, 4);
  const { maxRetries } = policy;
  const asking = `${answer.status}${header === undefined ? ' without Retry-After' : ` with Retry-After: ${header}`}`;
  const lines = readLedger();
  if (stopped(lines)) throw outOfBudget(label, asking, policy, false);
  if (maxRetries !== undefined && attempt >= maxRetries) {
    const gaveUp = `${asking} again after ${maxRetries} retries (the profile's rateLimit.maxRetries)`;
    recordLine({ label, status: answer.status, waitedMs: 0, gaveUp });
    throw new TargetRateLimited(`target rate-limited: ${label} answered ${gaveUp}`);
  }
  if (wait > waitingBudgetMs(policy) - spentMs(lines)) throw outOfBudget(label, asking, policy, claimStop());
  recordLine({ label, status: answer.status, waitedMs: wait });
  return wait;
}
