import type { PackInfo } from './context.ts';
import { readSeed } from './data.ts';

interface PacksSeed {
  packs: (PackInfo & { packless: boolean; purpose: string })[];
}

export interface PacksStore {
  /** The pack with this id (pack_id, or the order id of an order whose pack_id is null). */
  get(packId: number): PackInfo | undefined;
  all(): readonly PackInfo[];
}

export function createPacksStore(seed = readSeed<PacksSeed>('packs.json')): PacksStore {
  const byId = new Map<number, PackInfo>(seed.packs.map((pack) => [pack.packId, pack]));
  return { get: (packId) => byId.get(packId), all: () => [...byId.values()] };
}
