import { mayDownload } from '../routes/attachments.ts';
import { visibleTo } from '../routes/messages.ts';
import type { PackInfo } from '../store/context.ts';
import type { MessageRecord } from '../store/messaging.ts';
import { everyPage } from './paging.ts';
import { type HeldContext, type HeldRead, type HeldUser, segment, urlOf } from './types.ts';

const isPartyOf = (pack: PackInfo, user: HeldUser) =>
  pack.buyerId === user.id || pack.sellerIds.includes(user.id);

/** The conversations of a pack the user is in: one per seller, every one for its buyer. */
const sellersOf = (pack: PackInfo, user: HeldUser) =>
  pack.buyerId === user.id ? pack.sellerIds : pack.sellerIds.filter((id) => id === user.id);

function messageReads(ctx: HeldContext, user: HeldUser, message: MessageRecord): HeldRead[] {
  const url = `/messages/${segment(message.id)}`;
  const { token } = user;
  const attachments = message.attachmentIds.flatMap((id) => {
    const attachment = ctx.world.messaging.attachment(id);
    if (!attachment || !mayDownload(attachment, user.id)) return [];
    const download = urlOf(`/messages/attachments/${segment(id)}`, {
      tag: 'post_sale',
      site_id: user.siteId,
    });
    return [{ operationId: 'downloadAttachment', url: download, token }];
  });
  // Both forms the by-id read answers: the legacy one by default, the current one with the header.
  return [
    { operationId: 'getMessage', url, token },
    { operationId: 'getMessage', url, token, headers: { 'x-format-new': 'true' } },
    ...attachments,
  ];
}

/** Every page of a conversation (read without marking it read, as the run reads), and its messages. */
async function conversationReads(
  ctx: HeldContext,
  user: HeldUser,
  pack: PackInfo,
  sellerId: number,
): Promise<HeldRead[]> {
  const path = `/messages/packs/${segment(pack.packId)}/sellers/${segment(sellerId)}`;
  const read = (offset?: number): HeldRead => ({
    operationId: 'listPackMessages',
    url: urlOf(path, { mark_as_read: 'false', offset }),
    token: user.token,
  });
  const messages = ctx.world.messaging
    .conversation(pack.packId, sellerId)
    .filter((m) => visibleTo(m, user.id));
  return [...(await everyPage(ctx, read(), read)), ...messages.flatMap((m) => messageReads(ctx, user, m))];
}

/** The pack's fiscal documents the user sees (a seller its own, the buyer all) and each download. */
function fiscalReads(ctx: HeldContext, user: HeldUser, pack: PackInfo): HeldRead[] {
  const all = ctx.world.fiscal.ofPack(pack.packId);
  const visible = pack.buyerId === user.id ? all : all.filter((doc) => doc.sellerId === user.id);
  if (visible.length === 0) return [];
  const path = `/packs/${segment(pack.packId)}/fiscal_documents`;
  const { token } = user;
  return [
    { operationId: 'listFiscalDocuments', url: path, token },
    ...visible.map((doc) => ({
      operationId: 'downloadFiscalDocument',
      url: `${path}/${segment(doc.id)}`,
      token,
    })),
  ];
}

/** The packs area of every user: conversations, messages, attachments and fiscal documents. */
export async function packAreaReads(ctx: HeldContext): Promise<HeldRead[]> {
  const perPack = ctx.users.flatMap((user) =>
    ctx.world.packs
      .all()
      .filter((pack) => isPartyOf(pack, user))
      .map(async (pack) => {
        const conversations = await Promise.all(
          sellersOf(pack, user).map((sellerId) => conversationReads(ctx, user, pack, sellerId)),
        );
        return [...conversations.flat(), ...fiscalReads(ctx, user, pack)];
      }),
  );
  return (await Promise.all(perPack)).flat();
}
