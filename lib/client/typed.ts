/**
 * Typed reading of answers: an operationId and a status the spec documents for it give the body's type
 * (lib/generated/spec-types.ts, generated from the spec), so tests read bodies without restating the
 * spec by hand. A body is typed only through its status: an answer of another status is a test failure
 * (bodyAt) or a branch not taken (hasStatus).
 *
 * The read types (lib/generated/spec-read-types.ts) require only the fields the reference states are
 * always there: a field it only lists is optional, since a conforming server may leave it out. Read
 * such fields with the omission helpers of the tests (judged, skipUnless), never with `!`. The mock's
 * own tests read what the mock sends (every listed field) through sentBodyAt.
 */
import type { operations as readOperations } from '../generated/spec-read-types.ts';
import type { operations as sentOperations } from '../generated/spec-types.ts';

/** An operationId of the spec. */
export type OperationId = keyof readOperations;
type Responses<O extends OperationId> = readOperations[O]['responses'];
/** A status the spec documents for an operation (`200`, `206`, `404`…). */
type DocumentedStatus<O extends OperationId> = keyof Responses<O> & number;
type JsonContent<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON body the spec documents for an operation's answer of `status`, as any conforming server may send it. */
export type BodyAt<O extends OperationId, S extends DocumentedStatus<O>> = JsonContent<Responses<O>[S]>;
/** The same body with every field the spec lists: what the mock sends. */
export type SentBodyAt<O extends OperationId, S extends DocumentedStatus<O>> = JsonContent<
  sentOperations[O]['responses'][S]
>;

/** What typed reading needs of an answer (the client's ApiResponse, the mock harness's answers). */
export interface Answer<O extends string = string> {
  operationId: O;
  status: number;
  body: unknown;
  label?: string;
}

/** An answer known to have `status`, its body typed as the spec documents it. */
type AnswerAt<R extends Answer<OperationId>, S extends DocumentedStatus<R['operationId']>> = R & {
  status: S;
  body: BodyAt<R['operationId'], S>;
};

function wanted(status: number | readonly number[]): readonly number[] {
  return typeof status === 'number' ? [status] : status;
}

/**
 * Whether the answer has `status` (or one of `status`); narrows its body to the documented one.
 * For tests that judge other statuses apart or report "not verified" without the data.
 */
export function hasStatus<R extends Answer<OperationId>, S extends DocumentedStatus<R['operationId']>>(
  res: R,
  status: S | readonly S[],
): res is AnswerAt<R, S> {
  return wanted(status).includes(res.status);
}

/**
 * The body of an answer that must have `status` (or one of `status`), typed as the spec documents it;
 * fails naming the call when the answer has another status.
 */
export function bodyAt<R extends Answer<OperationId>, S extends DocumentedStatus<R['operationId']>>(
  res: R,
  status: S | readonly S[],
): BodyAt<R['operationId'], S> {
  if (!hasStatus(res, status)) {
    const label = res.label ?? res.operationId;
    throw new Error(`${label} answered ${res.status}; ${wanted(status).join(' or ')} was expected`);
  }
  return res.body;
}

/** bodyAt for the mock's own tests: the mock sends every listed field, so its body has them all. */
export function sentBodyAt<R extends Answer<OperationId>, S extends DocumentedStatus<R['operationId']>>(
  res: R,
  status: S | readonly S[],
): SentBodyAt<R['operationId'], S> {
  return bodyAt(res, status) as SentBodyAt<R['operationId'], S>;
}

/** Whether the answer is one of `operationId` (for a loop over several operations). */
export function isAnswerOf<R extends Answer, O extends R['operationId']>(
  res: R,
  operationId: O,
): res is R & { operationId: O } {
  return res.operationId === operationId;
}

/**
 * A documented body as a foreign target may send it: every field optional, at every depth. For code
 * that judges fields the reference only lists where an answer carries them, so that the compiler asks
 * for the omission to be handled (an omission is reported by the schema check, never a crash).
 */
export type Omittable<T> = T extends readonly (infer E)[]
  ? Omittable<E>[]
  : T extends object
    ? { [K in keyof T]?: Omittable<T[K]> }
    : T;

/**
 * The `error` code of an answer's body, read without trusting its shape (undefined when the body is not
 * an object naming one): for answers whose status a test has not pinned down to a documented one.
 */
export function errorCodeOf(res: { body: unknown }): unknown {
  const { body } = res;
  return typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
}
