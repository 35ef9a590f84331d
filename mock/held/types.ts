import type { World } from '../store/world.ts';

/** One documented GET read a user of a staging run may make on the mock's data. */
export interface HeldRead {
  operationId: string;
  /** Path and query, without the token: the token goes where the spec puts it for the operation. */
  url: string;
  token: string;
  /** Headers the read selects its documented form with (x-format-new). */
  headers?: Record<string, string>;
}

/** A GET operation the held list cannot enumerate, and why. */
export interface UnlistedOperation {
  operationId: string;
  reason: string;
}

export interface HeldUser {
  /** Its role in the run's profile: the role it searches its orders in. */
  role: 'seller' | 'buyer';
  id: number;
  token: string;
  siteId: string;
}

export interface HeldAnswer {
  status: number;
  body: unknown;
}

/** What each area's enumeration reads: the store, the users, and an answer of the mock when paging needs one. */
export interface HeldContext {
  world: World;
  users: readonly HeldUser[];
  answer: (read: HeldRead) => Promise<HeldAnswer>;
}

/** A path with its parameters encoded, and a query of the given pairs (those undefined left out). */
export function urlOf(path: string, query: Record<string, string | number | undefined> = {}): string {
  const pairs = Object.entries(query).flatMap(([name, value]): [string, string][] =>
    value === undefined ? [] : [[name, String(value)]],
  );
  const search = new URLSearchParams(pairs).toString();
  return search ? `${path}?${search}` : path;
}

export const segment = (value: string | number) => encodeURIComponent(String(value));
