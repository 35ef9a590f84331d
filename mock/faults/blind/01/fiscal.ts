/** Blind batch 01: fiscal documents of a pack. */
import type { FiscalStore } from '../../../store/fiscal.ts';
import type { BlindFault } from '../kit.ts';
import { cacheResponses, callerOf, param, routeOf } from './shared.ts';

export const FISCAL_FAULTS: BlindFault[] = [
  {
    name: 'b01-fiscal-list-cache-ignores-caller',
    description:
      "The fiscal document list is cached by pack id only: whoever lists a pack first decides what every later party of that pack receives (the buyer's full list leaks to a seller, or a seller's own list is all a buyer gets).",
    bugClass: 'cache key missing the caller',
    quote: 'a seller receives the documents that seller loaded, a buyer receives all documents of the pack',
    basis: 'stated',
    visibleTo:
      'the seller and the buyer, on packs of two sellers with documents of both, from the second party that lists the pack',
    witnesses: [
      { as: 'buyer', method: 'GET', url: '/packs/3000000100/fiscal_documents' },
      { as: 'seller', method: 'GET', url: '/packs/3000000100/fiscal_documents' },
      { as: 'seller', method: 'GET', url: '/packs/3000000118/fiscal_documents' },
      { as: 'buyer', method: 'GET', url: '/packs/3000000118/fiscal_documents' },
    ],
    install(app) {
      cacheResponses(
        app,
        'GET /packs/:pack_id/fiscal_documents',
        (request) => param(request, 'pack_id'),
        (request) => {
          const user = callerOf(request);
          const pack = app.world.packs.get(Number(param(request, 'pack_id')));
          return !!user && !!pack && (pack.buyerId === user.id || pack.sellerIds.includes(user.id));
        },
      );
    },
  },
  {
    name: 'b01-fiscal-download-skips-owner-check',
    description:
      "Downloading a fiscal document checks only that the caller is a party of the pack, not that a seller loaded that document: a seller of a shared pack downloads the other seller's invoice.",
    bugClass: 'access check too coarse (pack instead of document)',
    quote:
      'a seller receives the documents that seller loaded … User not authorized to upload, list or delete, or not allowed the document (message Access Denied)',
    basis: 'implied',
    visibleTo: 'a seller of a pack with several sellers, on a document another seller of the pack loaded',
    witnesses: [
      {
        as: 'seller',
        method: 'GET',
        url: '/packs/3000000100/fiscal_documents/68f1c2a0b4e5d6c7a8b9c0d2',
      },
    ],
    install(app) {
      app.addHook('preHandler', async (request, reply) => {
        if (routeOf(request) !== 'GET /packs/:pack_id/fiscal_documents/:fiscal_document_id') return;
        const user = callerOf(request);
        const pack = app.world.packs.get(Number(param(request, 'pack_id')));
        if (!user || !pack?.sellerIds.includes(user.id)) return;
        const doc = app.world.fiscal.find(pack.packId, param(request, 'fiscal_document_id'));
        if (!doc || doc.sellerId === user.id) return;
        reply.code(200).type(doc.fileType).send(doc.bytes);
        return reply;
      });
    },
  },
  {
    name: 'b01-fiscal-same-type-twice-accepted',
    description:
      "The upload checks only the seller's file count in the pack, not the types already held: a seller with one PDF in a pack can upload a second PDF instead of getting 409.",
    bugClass: 'validation step dropped in a refactor',
    quote:
      'at most two files per pack per seller, one per type … pack already holds a file of that type for the seller',
    basis: 'stated',
    visibleTo: 'a seller uploading a second document of a type it already holds in the pack',
    needsWrite:
      'only an upload shows it: no seeded pack can hold two documents of one type for one seller, and the rule is checked on upload',
    witnesses: [],
    install(app) {
      const patched = new WeakSet<FiscalStore>();
      app.addHook('preHandler', async (request) => {
        if (routeOf(request) !== 'POST /packs/:pack_id/fiscal_documents') return;
        const store = app.world.fiscal;
        if (patched.has(store)) return;
        const ofSeller = store.ofSeller.bind(store);
        // The conflict check reads this list for both the count and the types; below the maximum it sees none.
        store.ofSeller = (packId, sellerId) => {
          const held = ofSeller(packId, sellerId);
          return held.length >= 2 ? held : [];
        };
        patched.add(store);
      });
    },
  },
];
