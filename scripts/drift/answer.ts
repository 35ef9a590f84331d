/** Typed reading of a side's answers: an exchange read as the spec documents the operation it called. */
import type { Answer, OperationId } from '../../lib/client/typed.ts';
import type { Exchange } from './types.ts';

/** The exchange as an answer of `operationId` (typed reading through hasStatus/bodyAt), or undefined for another call. */
export function answerOf<O extends OperationId>(exchange: Exchange, operationId: O): Answer<O> | undefined {
  if (exchange.call.operationId !== operationId) return undefined;
  const { status, body } = exchange.response;
  // A 2xx without a JSON object or list carries no data: read as no answer, never trusted to its type.
  const container = typeof body === 'object' && body !== null;
  return { operationId, status: container ? status : 0, body, label: exchange.label };
}

/** A field of a JSON body read without trusting its shape: undefined unless the body is an object. */
export function fieldOf(body: unknown, field: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)[field]
    : undefined;
}
