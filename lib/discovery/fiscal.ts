import { errorCodeOf, hasStatus } from '../client/typed.ts';
import type { ProfileInput } from '../profile/types.ts';
import type { Findings } from './findings.ts';
import { isOtherSellers } from './packs.ts';
import { type OrderPool, packOf } from './pool.ts';
import { answered, answerOf, pathOf, type Reader } from './reader.ts';

const MAX_EMPTY_READS = 6;
const MAX_SHARED_READS = 6;
/** Own packs listed for one with documents: nothing in an order tells which packs hold some. */
const MAX_OWN_READS = 40;

/** The sellers of each pack of the buyer, from its orders. */
function sellersByPack(profile: ProfileInput, pool: OrderPool): Map<number, Set<number>> {
  const packs = new Map<number, Set<number>>();
  for (const order of pool.values()) {
    // Only real packs: an order without one answers, under /packs, as its own pack or not at all.
    if (Number(order.buyer?.id) !== profile.users.buyer.id || typeof order.pack_id !== 'number') continue;
    const sellers = packs.get(packOf(order)) ?? new Set<number>();
    sellers.add(Number(order.seller?.id));
    packs.set(packOf(order), sellers);
  }
  return packs;
}

/**
 * The documents a seller has in a pack: the list of a 200, or none on a 404 not_found (the rows "pack
 * has no fiscal documents", "user has no documents in the pack"). Any other answer is a failed read
 * (recorded by the reader): undefined, never zero.
 */
async function documentCount(
  reader: Reader,
  pack: number,
  as: 'seller' | 'seller2' | 'buyer',
  maybeOutside = false,
): Promise<number | undefined> {
  // A user outside the pack "receives 403 forbidden" (Fiscal documents): an answer, not a failed read.
  const expected = maybeOutside ? [404, 403] : [404];
  const answer = await reader.get(pathOf('/packs/{pack}/fiscal_documents', pack), {}, as, expected);
  if (answer.status === 403) return undefined;
  if (answer.status === 404) {
    if (errorCodeOf(answer) === 'not_found') return 0;
    reader.failedRead(`GET /packs/${pack}/fiscal_documents`, 404);
    return undefined;
  }
  if (!answered(answer)) return undefined;
  const listed = answerOf(answer, 'listFiscalDocuments');
  const documents = hasStatus(listed, 200) ? listed.body.fiscal_documents : undefined;
  return Array.isArray(documents) ? documents.length : undefined;
}

/** Packs of the buyer holding an order of another seller: the pack of two sellers is one of them. */
function packsWithOtherSellers(profile: ProfileInput, pool: OrderPool): number[] {
  const packs = [...pool.values()]
    .filter((o) => isOtherSellers(o, profile) && typeof o.pack_id === 'number')
    .map(packOf);
  return [...new Set(packs)];
}

/**
 * With seller2: a pack of both sellers, shared when both list documents, half when only the seller does.
 * With the seller and the buyer only: a pack holding another seller's order where the buyer lists
 * documents the seller does not (the buyer receives all documents of the pack, a seller only its own:
 * the others are another seller's).
 */
async function findTwoSellerPacks(
  reader: Reader,
  profile: ProfileInput,
  findings: Findings,
  pool: OrderPool,
) {
  const seller2 = profile.users.seller2?.id;
  if (!findings.wantsAny('fiscal.sharedPack', 'fiscal.halfPack')) return;
  const packs = seller2
    ? [...sellersByPack(profile, pool)]
        .filter(([, sellers]) => sellers.has(profile.users.seller.id) && sellers.has(seller2))
        .map(([pack]) => pack)
    : packsWithOtherSellers(profile, pool);
  for (const pack of packs.slice(0, MAX_SHARED_READS)) {
    if (!findings.wantsAny('fiscal.sharedPack', 'fiscal.halfPack')) return;
    // Without seller2 the packs are those holding another seller's order: the seller may be outside.
    const own = await documentCount(reader, pack, 'seller', !seller2);
    if (!own) continue;
    if (!seller2) {
      const all = await documentCount(reader, pack, 'buyer');
      if (all === undefined || all <= own) continue;
      const from = `GET /packs/${pack}/fiscal_documents: the buyer lists ${all} documents, the seller ${own} of its own`;
      findings.add('fiscal.sharedPack', pack, from);
      continue;
    }
    const other = await documentCount(reader, pack, 'seller2');
    if (other === undefined) continue;
    const from = `GET /packs/${pack}/fiscal_documents as seller and seller2`;
    findings.add(other > 0 ? 'fiscal.sharedPack' : 'fiscal.halfPack', pack, from);
  }
}

async function findEmptyPack(reader: Reader, profile: ProfileInput, findings: Findings, pool: OrderPool) {
  if (!findings.wants('fiscal.emptyPack')) return;
  const writable = new Set([
    ...(profile.fiscal?.writablePacks ?? []),
    ...(profile.messaging?.writablePacks ?? []),
  ]);
  const packs = [...sellersByPack(profile, pool)]
    .filter(
      ([pack, sellers]) => sellers.size === 1 && sellers.has(profile.users.seller.id) && !writable.has(pack),
    )
    .map(([pack]) => pack)
    .slice(0, MAX_EMPTY_READS);
  for (const pack of packs) {
    if ((await documentCount(reader, pack, 'seller')) !== 0) continue;
    findings.add('fiscal.emptyPack', pack, `GET /packs/${pack}/fiscal_documents as seller: no document`);
    return;
  }
}

/**
 * A pack of the seller and the buyer where the seller's own listing holds documents: one seller is
 * enough for the download, the unknown document and the token rows. The shared pack, when known, is one.
 */
async function findDocumentsPack(reader: Reader, profile: ProfileInput, findings: Findings, pool: OrderPool) {
  if (!findings.wants('fiscal.documentsPack')) return;
  const shared = findings.get<number>('fiscal.sharedPack');
  const skip = new Set([
    shared,
    findings.get<number>('fiscal.emptyPack'),
    ...(profile.fiscal?.writablePacks ?? []),
  ]);
  const packs = [...sellersByPack(profile, pool)]
    .filter(([pack, sellers]) => sellers.has(profile.users.seller.id) && !skip.has(pack))
    .map(([pack]) => pack);
  for (const pack of [...(shared ? [shared] : []), ...packs].slice(0, MAX_OWN_READS)) {
    if (!(await documentCount(reader, pack, 'seller'))) continue;
    findings.add(
      'fiscal.documentsPack',
      pack,
      `GET /packs/${pack}/fiscal_documents as seller: documents listed`,
    );
    return;
  }
}

export async function discoverFiscal(
  reader: Reader,
  profile: ProfileInput,
  findings: Findings,
  pool: OrderPool,
) {
  await reader.for(['fiscal.sharedPack', 'fiscal.halfPack'], () =>
    findTwoSellerPacks(reader, profile, findings, pool),
  );
  await reader.for(['fiscal.emptyPack'], () => findEmptyPack(reader, profile, findings, pool));
  await reader.for(['fiscal.documentsPack'], () => findDocumentsPack(reader, profile, findings, pool));
}
