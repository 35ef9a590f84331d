import type { Exchange } from '../exchange/exchange.ts';

// How the rules read the parts of an exchange they judge (the request's JSON, its path, a row met).

export type Json = Record<string, unknown>;

export const objectOf = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

/** The request body parsed as JSON, or undefined. */
export function requestJsonOf(exchange: Exchange): unknown {
  const body = exchange.request.body;
  if (!body || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The path segment after `name` (`sellers` → the {user_id} of /messages/packs/{pack_id}/sellers/{user_id}). */
export function pathSegmentAfter(exchange: Exchange, name: string): string | undefined {
  const parts = exchange.request.url.pathname.split('/');
  const at = parts.lastIndexOf(name);
  const value = at >= 0 ? parts[at + 1] : undefined;
  return value ? decodeURIComponent(value) : undefined;
}

export const isAccepted = (exchange: Exchange): boolean =>
  exchange.response.status >= 200 && exchange.response.status < 300;

/** An answer of the reference's error tables: its status and, where it gives one, its `error` code. */
export interface ErrorRow {
  status: number;
  error?: string;
}

/**
 * Whether the answer meets the row: its status, and its error code where the row gives one and the
 * recorder kept the body.
 */
export function meetsRow(exchange: Exchange, row: ErrorRow): boolean {
  if (exchange.response.status !== row.status) return false;
  if (row.error === undefined || exchange.response.bodyUnknown) return true;
  return objectOf(exchange.response.body)?.error === row.error;
}

export const rowText = (row: ErrorRow): string => [row.status, row.error].filter(Boolean).join(' ');
