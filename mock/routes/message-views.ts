import type { PackInfo } from '../store/context.ts';
import type { AttachmentRecord, MessageRecord, MessagingStore } from '../store/messaging.ts';

/** Limits table of the reference, reported in every listing envelope. */
export const SELLER_MAX_MESSAGE_LENGTH = 350;
export const BUYER_MAX_MESSAGE_LENGTH = 3500;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const MODERATION_DELAY_MS = 5000;

/** Whether a message went through moderation and was delivered (pending and rejected ones were not). */
function delivered(message: MessageRecord): boolean {
  return message.moderation.status === 'clean' || message.moderation.status === 'non_moderated';
}

function moderationDate(message: MessageRecord): string | null {
  if (message.moderation.status === 'pending' || message.moderation.status === 'non_moderated') return null;
  return iso(new Date(message.createdAt.getTime() + MODERATION_DELAY_MS));
}

function attachmentView(attachment: AttachmentRecord) {
  return {
    filename: attachment.id,
    original_filename: attachment.originalName,
    type: attachment.mimeType,
    size: attachment.bytes.length,
    potential_security_threat: false,
    creation_date: attachment.createdAt.toISOString(),
  };
}

/** The current form of a message (pack listing; by-id read in the newer form). */
export function currentView(message: MessageRecord, pack: PackInfo, store: MessagingStore) {
  const available = delivered(message) ? (moderationDate(message) ?? iso(message.createdAt)) : null;
  const attachments = message.attachmentIds.flatMap((id) => store.attachment(id) ?? []);
  return {
    id: message.id,
    site_id: pack.siteId,
    client_id: store.clientId,
    from: { user_id: message.fromId },
    to: { user_id: message.toId },
    status: 'available',
    subject: null,
    text: message.text,
    message_date: {
      received: iso(message.createdAt),
      available,
      notified: available,
      created: iso(message.createdAt),
      read: iso(message.readAt),
    },
    message_moderation: {
      status: message.moderation.status,
      reason: message.moderation.reason,
      source: message.moderation.status === 'non_moderated' ? null : 'online',
      moderation_date: moderationDate(message),
    },
    message_attachments: attachments.length > 0 ? attachments.map(attachmentView) : null,
    message_resources: [
      { id: String(message.packId), name: 'packs' },
      { id: String(message.sellerId), name: 'sellers' },
    ],
    conversation_first_message: message.first,
  };
}

/** The legacy form of a message (by-id read by default). */
export function legacyView(message: MessageRecord, pack: PackInfo, store: MessagingStore) {
  const current = currentView(message, pack, store);
  return {
    message_id: message.id,
    date_received: current.message_date.received,
    date: current.message_date.created,
    date_available: current.message_date.available,
    date_notified: current.message_date.notified,
    date_read: current.message_date.read,
    from: current.from,
    to: current.to,
    subject: null,
    text: { plain: message.text },
    attachments: current.message_attachments ?? [],
    attachments_validations: { invalid_size: [], invalid_extension: [], forbidden: [], internal_error: [] },
    site_id: pack.siteId,
    resource: 'orders',
    resource_id: pack.orderIds[0] ?? pack.packId,
    status: current.status,
    moderation: {
      status: message.moderation.status,
      date_moderated: current.message_moderation.moderation_date,
      source: current.message_moderation.source,
    },
  };
}

export function conversationStatusView(pack: PackInfo, sellerId: number, since: Date) {
  return {
    path: `/packs/${pack.packId}/seller/${sellerId}`,
    status: pack.cancelled ? 'blocked' : 'active',
    substatus: pack.cancelled ? 'blocked_by_cancelled_order' : null,
    status_date: since.toISOString(),
    status_update_allowed: false,
    claim_id: null,
    shipping_id: null,
  };
}

export const maxLengths = {
  seller_max_message_length: SELLER_MAX_MESSAGE_LENGTH,
  buyer_max_message_length: BUYER_MAX_MESSAGE_LENGTH,
};
