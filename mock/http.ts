import type { FastifyRequest } from 'fastify';

/** The first value of a query parameter (duplicates are legal HTTP; the first one counts). */
export function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** A path parameter as a string ('' when absent). */
export function pathParam(request: FastifyRequest, name: string): string {
  const value = (request.params as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** A strictly decimal integer (no sign tricks, no exponent, no spaces), or undefined. */
export function parseInteger(text: string | undefined): number | undefined {
  if (text === undefined || !/^-?\d{1,15}$/.test(text)) return undefined;
  return Number(text);
}

/** Whether a request sent `x-format-new: true`. */
export function wantsNewFormat(request: FastifyRequest): boolean {
  return String(request.headers['x-format-new'] ?? '').toLowerCase() === 'true';
}
