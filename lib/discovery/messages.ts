import { hasStatus } from '../client/typed.ts';
import type { Schemas } from '../client/types.ts';
import type { ProfileInput } from '../profile/types.ts';
import type { Findings } from './findings.ts';
import { type OrderPool, packOf } from './pool.ts';
import { answerOf, pathOf, type Reader } from './reader.ts';

const MAX_LISTINGS = 40;
/** A conversation with messages of both parties, a rejected message of the buyer and an attachment. */
const BEST_SCORE = 4;

type SeenMessage = Schemas['Message'];

function writablePacks(profile: ProfileInput): Set<number> {
  return new Set([...(profile.messaging?.writablePacks ?? []), ...(profile.fiscal?.writablePacks ?? [])]);
}

/** Packs of the seller and buyer. */
function candidatePacks(profile: ProfileInput, pool: OrderPool): number[] {
  const writable = writablePacks(profile);
  const own = [...pool.values()].filter(
    (o) => Number(o.seller?.id) === profile.users.seller.id && Number(o.buyer?.id) === profile.users.buyer.id,
  );
  return [...new Set(own.map(packOf))].filter((pack) => !writable.has(pack)).slice(0, MAX_LISTINGS);
}

async function listing(reader: Reader, profile: ProfileInput, pack: number, as: 'seller' | 'buyer') {
  const path = pathOf('/messages/packs/{pack}/sellers/{seller}', pack, profile.users.seller.id);
  // mark_as_read=false: discovery reads, it never marks a seller's messages as read.
  const answer = answerOf(await reader.get(path, { mark_as_read: 'false' }, as), 'listPackMessages');
  return hasStatus(answer, 200) ? answer.body : undefined;
}

interface Conversation {
  pack: number;
  score: number;
  messages: SeenMessage[];
}

/**
 * A conversation with messages readable by both parties, preferring one with an attachment and a
 * rejected message; and the first whose messages carry an attachment (walked on for it while wanted).
 */
async function findConversation(reader: Reader, profile: ProfileInput, findings: Findings, packs: number[]) {
  const buyerId = profile.users.buyer.id;
  let best: Conversation | undefined;
  let attachedPack: number | undefined;
  for (const pack of packs) {
    const body = await listing(reader, profile, pack, 'buyer');
    const messages = body?.messages ?? [];
    if (messages.length === 0) continue;
    const rejected = messages.some(
      (m) => m.message_moderation?.status === 'rejected' && Number(m.from?.user_id) === buyerId,
    );
    const attached = messages.some((m) => (m.message_attachments?.length ?? 0) > 0);
    if (attached) attachedPack ??= pack;
    const score = 1 + Number(rejected) * 2 + Number(attached);
    if (!best || score > best.score) best = { pack, score, messages };
    const attachmentWanted = findings.wants('messaging.attachmentPack') && attachedPack === undefined;
    if (best.score === BEST_SCORE && !attachmentWanted) break;
  }
  return { best, attachedPack };
}

export async function discoverMessages(
  reader: Reader,
  profile: ProfileInput,
  findings: Findings,
  pool: OrderPool,
) {
  const needs = [
    'messaging.pack',
    'messaging.messageId',
    'messaging.rejectedMessageId',
    'messaging.attachmentPack',
  ];
  if (!findings.wantsAny(...needs)) return;
  const given = findings.get<number>('messaging.pack');
  const packs = given
    ? [given, ...candidatePacks(profile, pool).filter((p) => p !== given)]
    : candidatePacks(profile, pool);
  const { best, attachedPack } = await reader.for(needs, () =>
    findConversation(reader, profile, findings, packs),
  );
  const listed = `GET /messages/packs/${attachedPack}/sellers/${profile.users.seller.id}`;
  findings.add('messaging.attachmentPack', attachedPack, `${listed}: a message with attachments`);
  if (!best) return;
  const pack = findings.get<number>('messaging.pack') ?? best.pack;
  findings.add(
    'messaging.pack',
    pack,
    `GET /messages/packs/${pack}/sellers/${profile.users.seller.id} (messages of both parties)`,
  );
  if (pack !== best.pack) return;
  const from = `GET /messages/packs/${pack}/sellers/${profile.users.seller.id}`;
  const sellerView = (await listing(reader, profile, pack, 'seller'))?.messages ?? [];
  const both = best.messages.find((m) => sellerView.some((s) => s.id === m.id));
  findings.add('messaging.messageId', both?.id, `${from}, read by seller and buyer`);
  findings.add('messaging.siteId', both?.site_id, from);
  const rejected = best.messages.find(
    (m) => m.message_moderation?.status === 'rejected' && Number(m.from?.user_id) === profile.users.buyer.id,
  );
  findings.add(
    'messaging.rejectedMessageId',
    rejected?.id,
    `${from}, moderation rejected, read by the buyer`,
  );
}
