import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { bundledSpecPath } from '../checks/spec.ts';
import { sendWithinBound } from '../client/page-bound.ts';
import { TargetRateLimited } from '../client/rate-limit.ts';
import { keepAnswer } from '../client/read-cache.ts';
import { callTarget } from '../client/target-call.ts';
import type { Outgoing } from '../client/transport.ts';
import type { OperationId } from '../client/typed.ts';
import { buildRequest, type SecurityDocument, type SpecOperation } from '../exchange/request.ts';
import type { ProfileInput, UserRole } from '../profile/types.ts';
import { observeDiscoveryAnswer, operationOfPath } from './observed.ts';
import { readChoosingFrom } from './page-size.ts';

/** Discovery ran out of its request budget or time limit: what was found so far stands. */
export class DiscoveryStopped extends Error {
  override name = 'DiscoveryStopped';
  constructor(readonly by: 'budget' | 'time') {
    super(`discovery stopped: ${by === 'budget' ? 'request budget used up' : 'time limit reached'}`);
  }
}

export interface Answer {
  /** 0 when no answer came (a timeout, a reset twice, a rate limit given up on). */
  status: number;
  headers: Headers;
  body: unknown;
}

/** Whether the read answered: a 2xx. Any other answer (or none) is a failed read, never data. */
export const answered = (answer: Answer): boolean => answer.status >= 200 && answer.status < 300;

/**
 * The answer as one of `operationId`: typed reading (lib/client/typed.ts hasStatus) narrows its body
 * to the one the spec documents for its status.
 */
export const answerOf = <O extends OperationId>(
  answer: Answer,
  operationId: O,
): Answer & { operationId: O } => ({
  ...answer,
  operationId,
  // Typed reading trusts a documented status; a 2xx without a JSON object or list carries no data, and a
  // foreign server's empty or malformed body must not crash discovery: it reads as no answer.
  status: isJsonContainer(answer.body) ? answer.status : 0,
});

const isJsonContainer = (body: unknown): boolean => typeof body === 'object' && body !== null;

/** A body only from a read that answered 2xx: a failed read never yields data. */
export const bodyOf = (answer: Answer): unknown => (answered(answer) ? answer.body : undefined);

/** Where a failed read is recorded: the needs it was made for, the read, its status. */
type OnFailedRead = (needs: readonly string[], read: string, status: number) => void;

interface ReaderOptions {
  requestBudget: number;
  timeLimitMs: number;
  requestsPerSecond: number;
  timeoutMs: number;
}

type Query = Record<string, string | number | undefined>;

/** A 2xx answer of discovery, with who asked and the headers sent. */
export interface ReceivedAnswer {
  operation: string | undefined;
  path: string;
  as: UserRole | undefined;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * GET requests only, bounded by a budget and a time limit, sent through the suite's one client
 * (lib/client callTarget): paced at the run's rate (a limit answer here slows the whole run),
 * a read reset before any answer sent once more on a fresh connection, 429/503 waited out as asked.
 */
export class Reader {
  used = 0;
  /** Reads made for each need (a read serving nested steps counts for each): what a need not found cost. */
  readonly readsFor = new Map<string, number>();
  /** The 2xx answers discovery received, in order: where its last step looks for instances of unseen branches. */
  readonly received: ReceivedAnswer[] = [];
  private readonly deadline: number;
  /**
   * The needs the reads under way are made for, per chain of steps (steps nest: a failure counts for
   * all of them; steps of independent parts of discovery run side by side, each with its own chain).
   */
  private readonly serving = new AsyncLocalStorage<readonly (readonly string[])[]>();

  constructor(
    private readonly profile: ProfileInput,
    private readonly options: ReaderOptions,
    private readonly onFailed: OnFailedRead = () => {},
  ) {
    this.deadline = Date.now() + options.timeLimitMs;
  }

  /** Runs a step of discovery whose reads serve `needs`: a read of it that fails is recorded for each. */
  async for<T>(needs: readonly string[], step: () => Promise<T>): Promise<T> {
    return this.serving.run([...this.needsServed(), needs], step);
  }

  private needsServed(): readonly (readonly string[])[] {
    return this.serving.getStore() ?? [];
  }

  /**
   * `GET path?query` as a user (Authorization header) or anonymously; the path's ids are encoded by the
   * caller. An answer other than a 2xx (or a status of `expected`, answers the step reads as a result)
   * is recorded as a failed read of the needs served; its body is still returned for the step to ignore.
   */
  get(path: string, query: Query = {}, as?: UserRole, expected: number[] = []): Promise<Answer> {
    return readChoosingFrom(
      (q, e) => this.getAsAsked(path, q, as, e),
      operationOfPath(path),
      query,
      expected,
    );
  }

  /** A listing read with its page size kept within what the target takes (lib/client/page-bound.ts), the path its key. */
  getWithinBound(path: string, query: Query, as?: UserRole, expected: number[] = []): Promise<Answer> {
    return sendWithinBound((q, e) => this.getAsAsked(path, q, as, e), path, query, expected);
  }

  /** `get` without choosing a listing's page size: the query (and headers) as given. */
  async getAsAsked(
    path: string,
    query: Query,
    as?: UserRole,
    expected: number[] = [],
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const answer = await this.send(path, query, as, headers);
    if (!answered(answer) && !expected.includes(answer.status)) {
      const search = new URLSearchParams(defined(query)).toString();
      this.failedRead(`GET ${path}${search ? `?${search}` : ''}`, answer.status);
    }
    return answer;
  }

  /** Records a failed read the step recognised itself (an answer whose status alone looked like a result). */
  failedRead(read: string, status: number): void {
    this.onFailed([...new Set(this.needsServed().flat())], read, status);
  }

  private async send(
    path: string,
    query: Query,
    as: UserRole | undefined,
    headers: Record<string, string>,
  ): Promise<Answer> {
    if (this.used >= this.options.requestBudget) throw new DiscoveryStopped('budget');
    if (Date.now() >= this.deadline) throw new DiscoveryStopped('time');
    this.used += 1;
    for (const need of new Set(this.needsServed().flat()))
      this.readsFor.set(need, (this.readsFor.get(need) ?? 0) + 1);
    const token = as ? this.profile.users[as]?.token : undefined;
    const search = new URLSearchParams(defined(query));
    const left = Math.max(1, this.deadline - Date.now());
    try {
      const request = await buildRequest(this.profile.baseURL, readDocument(), readOperation(path), {
        query,
        token,
        headers,
      });
      const out: Outgoing = {
        method: request.method,
        url: request.url.href,
        headers: request.headers,
        timeoutMs: Math.min(this.options.timeoutMs, left),
      };
      const answer = await callTarget({
        out,
        // The path only: ids, never a token or the base URL.
        label: `GET ${path} (discovery)`,
        pace: { perSecond: this.options.requestsPerSecond },
        policy: this.profile.rateLimit,
      });
      // Discovery always sends (how often an order was read is what a target's transient 206 may count);
      // the tests' identical reads take its answers from the run's read cache.
      if (!this.profile.allowsWrites) keepAnswer(out, answer);
      const text = answer.bytes.toString('utf8');
      const body = parse(text);
      observeDiscoveryAnswer(path, search.toString(), token !== undefined, { ...answer, text, body });
      if (answered({ status: answer.status, headers: new Headers(), body }))
        this.received.push({ operation: operationOfPath(path), path, as, headers, body });
      return { status: answer.status, headers: new Headers(answer.headers), body };
    } catch (error) {
      if (Date.now() >= this.deadline) throw new DiscoveryStopped('time');
      return { status: statusOf(error), headers: new Headers(), body: undefined };
    }
  }
}

/** The status a rate limit given up on answered (429 or 503), else 0: no answer at all. */
function statusOf(error: unknown): number {
  if (!(error instanceof Error)) return 0;
  const status = /answered (\d{3})/.exec(error.message)?.[1];
  return status && (error instanceof TargetRateLimited || error.name === 'RunOutOfWaiting')
    ? Number(status)
    : 0;
}

let document: SecurityDocument & {
  paths: Record<string, { get?: SpecOperation['operation'] & { operationId?: string } }>;
};

/** What the request builder reads of the bundled spec (its security schemes, its paths), read once. */
function readDocument(): typeof document {
  document ??= JSON.parse(readFileSync(bundledSpecPath, 'utf8'));
  return document;
}

/** The read of a filled path as the request builder takes it: the `security` of the GET operation it fits. */
function readOperation(path: string): SpecOperation {
  const id = operationOfPath(path);
  const read = Object.values(readDocument().paths).find((item) => id && item.get?.operationId === id)?.get;
  return { method: 'GET', path, operation: { security: read?.security } };
}

function defined(query: Query): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `/orders/{id}` with the id encoded as the API client does. */
export function pathOf(template: string, ...ids: (string | number)[]): string {
  let index = 0;
  return template.replace(/\{[^}]+\}/g, () => encodeURIComponent(String(ids[index++])));
}
