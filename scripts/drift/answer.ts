/** Typed reading of a side's answers: an exchange read as the spec documents the operation it called. */
import type { Answer, OperationId } from '../../lib/client/typed.ts';
import type { Exchange } from '../../lib/exchange/exchange.ts';

/**
 * The exchange as an answer of `operationId` (typed reading through hasStatus/bodyAt), or undefined for
 * another call; a side's judged call names itself by its redacted label.
 */
export function answerOf<O extends OperationId>(
  exchange: Exchange & { label?: string },
  operationId: O,
): Answer<O> | undefined {
  if (exchange.operation !== operationId) return undefined;
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
