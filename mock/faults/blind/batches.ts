import { BATCH as BATCH_01 } from './01/index.ts';
import type { BlindFault } from './kit.ts';

/** Every blind batch by name (`blind/01`), in the order they were written. */
export const BLIND_BATCHES: Record<string, readonly BlindFault[]> = {
  'blind/01': BATCH_01,
};

/** Every blind fault of every batch. */
export function blindFaults(): BlindFault[] {
  return Object.values(BLIND_BATCHES).flat();
}
