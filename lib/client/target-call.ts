import type { RateLimitPolicy } from '../profile/types.ts';
import { type Pace, pacerOf } from './pacer.ts';
import { type Wait, waitBeforeRetry } from './rate-limit.ts';
import { keepAnswer, reusedAnswer } from './read-cache.ts';
import { noteExchange } from './recorder.ts';
import { countAnswered, countSent, recordLine } from './run-ledger.ts';
import { recordRunExchange } from './run-record.ts';
import { type ExchangeHooks, exchange, type Incoming, type Outgoing } from './transport.ts';

/**
 * One request of the suite to the target. callTarget is the one path every caller takes (the API
 * client, raw robustness calls, discovery, drift, the cleanup of writable packs, global setup's first
 * call): there is no other way the suite sends a request to a target.
 */
export interface TargetCall {
  out: Outgoing;
  /** `GET /orders/2000000001` with secrets redacted: the name of the call in the ledger and messages. */
  label: string;
  /** The profile's rate and this process's lane: the call is paced by the process's one pacer of its target. */
  pace: Pace;
  policy?: RateLimitPolicy;
  /** A read-only run's read: answered from the run's read cache when the run already took it (read-cache.ts). */
  reuse?: boolean;
}

export interface TargetCallHooks extends ExchangeHooks {
  /** Every answer, the refused ones included, with the waits made before it (for evidence). */
  answered?: (answer: Incoming, durationMs: number, waitedBefore: Wait[]) => Promise<void>;
  /** Sleeps out a 429/503 (the API client makes it a step of the test). */
  waitOut?: (wait: Wait, sleep: () => Promise<void>) => Promise<void>;
  /** Time the call was held by the pacer or a wait (the API client adds it to the test's timeout). */
  held?: (ms: number) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a call the way the whole suite does: paced at the run's rate, a read reset before any answer
 * sent once more on a fresh connection (counted in the ledger), a 429/503 heard by the pacer (it slows
 * the run) and waited out as Retry-After asks within the run's budget, then sent again. Returns the
 * answer taken; throws TargetMisbehaviour, TargetRateLimited or RunOutOfWaiting.
 */
export async function callTarget(call: TargetCall, hooks: TargetCallHooks = {}): Promise<Incoming> {
  const reused = call.reuse ? reusedAnswer(call.out) : undefined;
  if (reused) {
    await hooks.answered?.(reused, 0, []);
    return reused;
  }
  const answer = await sendTarget(call, hooks);
  recordRunExchange(call.out, answer);
  if (call.reuse) keepAnswer(call.out, answer);
  return answer;
}

async function sendTarget(call: TargetCall, hooks: TargetCallHooks): Promise<Incoming> {
  const waits: Wait[] = [];
  const aroundRetry = <T>(reason: string, retry: () => Promise<T>): Promise<T> => {
    recordLine({ label: call.label, status: 0, waitedMs: 0, retriedAfter: reason });
    const noted = () => {
      noteExchange(call.out.method, call.out.url);
      countSent(call.out.method, call.out.url);
      return retry();
    };
    return hooks.aroundRetry ? hooks.aroundRetry(reason, noted) : noted();
  };
  const pacer = pacerOf(call.out.url, call.pace);
  for (let attempt = 0; ; attempt += 1) {
    const ticket = await pacer.wait();
    hooks.held?.(ticket.waitedMs);
    const started = Date.now();
    noteExchange(call.out.method, call.out.url);
    countSent(call.out.method, call.out.url);
    const answer = await exchange(call.out, { aroundRetry });
    pacer.observe(answer.status, ticket);
    if (answer.status !== 429 && answer.status !== 503) countAnswered();
    await hooks.answered?.(answer, Date.now() - started, [...waits]);
    const waitMs = waitBeforeRetry(call.policy, call.label, answer, attempt);
    if (waitMs === undefined) return answer;
    const wait = {
      status: answer.status,
      retryAfter: answer.headers['retry-after'] ?? null,
      waitedMs: waitMs,
    };
    await (hooks.waitOut ?? ((_wait, sleepOut) => sleepOut()))(wait, () => sleep(waitMs));
    hooks.held?.(waitMs);
    waits.push(wait);
  }
}
