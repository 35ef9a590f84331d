import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { FiscalDocumentRecord, FiscalStore } from '../store/fiscal.ts';
import type { Fault } from './kit.ts';

/** Long enough for uploads sent together to overlap on any machine, short enough for the suite. */
const STORAGE_LATENCY_MS = 50;

interface ReadAtArrival {
  packId: number;
  documents: FiscalDocumentRecord[];
}

/**
 * The upload reads the pack's documents when the request arrives and stores its files after a slow
 * write: check and store are not atomic, so uploads in flight together all pass the limit check,
 * while an upload sent after the previous one answered sees it and is refused.
 */
function installStaleLimitCheck(app: FastifyInstance): void {
  const arrival = new AsyncLocalStorage<ReadAtArrival>();
  const patched = new WeakSet<FiscalStore>();
  const readFromArrival = (store: FiscalStore) => {
    if (patched.has(store)) return;
    const current = store.ofSeller;
    store.ofSeller = (packId, sellerId) => {
      const read = arrival.getStore();
      if (read?.packId !== packId) return current(packId, sellerId);
      return read.documents.filter((doc) => doc.sellerId === sellerId);
    };
    patched.add(store);
  };
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.method !== 'POST' || request.routeOptions.url !== '/packs/:pack_id/fiscal_documents')
      return done();
    readFromArrival(app.world.fiscal);
    const packId = Number((request.params as Record<string, string>).pack_id);
    const read = { packId, documents: app.world.fiscal.ofPack(packId) };
    setTimeout(() => arrival.run(read, done), STORAGE_LATENCY_MS);
  });
}

/** Faults that only requests in flight together reveal. */
export const RACE_FAULTS: Fault[] = [
  {
    name: 'fiscal-concurrent-uploads-exceed-limit',
    requirement: 'FIS-LIMIT-PER-SELLER',
    description:
      'uploads to one pack in flight together are checked against the documents held when each arrived, so all are stored',
    needsWrite: 'only uploads show the per-seller limit',
    install: installStaleLimitCheck,
  },
];
