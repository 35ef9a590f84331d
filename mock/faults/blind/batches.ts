import type { BlindFault } from './kit.ts';

/** Every blind batch by name (`blind/01`), in the order they were written. */
export const BLIND_BATCHES: Record<string, readonly BlindFault[]> = {};

/** Every blind fault of every batch. */
export function blindFaults(): BlindFault[] {
  return Object.values(BLIND_BATCHES).flat();
}
