import type { Exchange } from '../exchange/exchange.ts';
import type { RequestArguments } from '../exchange/request.ts';
import type { components, operations } from '../generated/spec-read-types.ts';
import type { components as sentComponents } from '../generated/spec-types.ts';
import type { UserRole } from '../profile/types.ts';
import type { OperationId } from './typed.ts';

/** Who makes a call: a profile user, nobody, or a literal token (malformed, unknown). */
export type Caller = UserRole | 'anonymous' | { token: string };

export type { FilePart } from '../exchange/request.ts';

/** One call's arguments (lib/exchange/request.ts), with the caller in place of its token. */
export interface CallOptions extends Omit<RequestArguments, 'token'> {
  as?: Caller;
}

export interface ApiResponse<O extends string = string> {
  /** The operation called: a literal operationId types the body through lib/client/typed.ts. */
  operationId: O;
  /** `GET /orders/2000000001` with secrets redacted. */
  label: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
  text: string;
  /** The body as reports may show it: clipped, secrets redacted. */
  shown: string;
  bytes: Buffer;
  /** Findings of the conformance checks that fail on this target ([] when it conforms, or all are known or reported). */
  violations: string[];
  /** The exchange itself (lib/exchange), not enumerable (it holds the token): the fields above are its answer's. */
  exchange: Exchange;
}

// Types generated from the spec (scripts/gen-types.ts, openapi-typescript): a spec change reaches them
// when the generator runs, and a spec test fails while the generated file is stale.

/** Every schema of the spec, by component name (`Schemas['Order']`), as any conforming server may send it. */
export type Schemas = components['schemas'];
/** The same with every listed field: what the mock sends, and what a request body carries. */
export type SentSchemas = sentComponents['schemas'];
export type { OperationId } from './typed.ts';

type JsonContent<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type Responses<O extends OperationId> = operations[O]['responses'];
/** The JSON body the spec documents for the 2xx answers of an operation. */
type SuccessBody<O extends OperationId> = {
  [S in keyof Responses<O>]: S extends 200 | 201 | 206 ? JsonContent<Responses<O>[S]> : never;
}[keyof Responses<O>];

/** A conforming success answer: its body is the documented one, typed from the spec. */
export interface TypedResponse<O extends OperationId> extends ApiResponse<O> {
  body: SuccessBody<O>;
}
