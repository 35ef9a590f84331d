import { callTarget } from './target-call.ts';
import type { Incoming } from './transport.ts';

interface ReadOnce {
  /** The target's base URL (the pacer of its origin paces the read). */
  baseURL: string;
  /** Path and query, without secrets: the read's name in the ledger and messages. */
  path: string;
  /** The profile's requestsPerSecond (0, a command's own mock: none). */
  perSecond?: number;
  timeoutMs?: number;
}

/**
 * An anonymous GET outside any test (global setup's first call, a command waiting for the mock it
 * started), sent through the one client like every other request; throws TargetMisbehaviour when no
 * answer comes.
 */
export function readOnce({ baseURL, path, perSecond = 0, timeoutMs = 10_000 }: ReadOnce): Promise<Incoming> {
  return callTarget({
    out: { method: 'GET', url: `${baseURL.replace(/\/+$/, '')}${path}`, headers: {}, timeoutMs },
    label: `GET ${path}`,
    pace: { perSecond },
  });
}
