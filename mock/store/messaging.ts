import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoreContext } from './context.ts';
import { fixturesDir, readSeed } from './data.ts';
import type { PacksStore } from './packs.ts';

type ModerationStatus = 'clean' | 'rejected' | 'pending' | 'non_moderated';

export interface MessageRecord {
  id: string;
  packId: number;
  sellerId: number;
  fromId: number;
  toId: number;
  text: string;
  createdAt: Date;
  moderation: { status: ModerationStatus; reason: string | null };
  readAt: Date | null;
  attachmentIds: string[];
  first: boolean;
}

export interface AttachmentRecord {
  id: string;
  ownerId: number;
  mimeType: string;
  originalName: string;
  bytes: Buffer;
  createdAt: Date;
  /** Users who may download it besides its owner: the parties of conversations it was sent in. */
  sharedWith: Set<number>;
}

interface NewMessage {
  packId: number;
  sellerId: number;
  fromId: number;
  toId: number;
  text: string;
  attachmentIds: string[];
}

export interface MessagingStore {
  /** The application id that seeded messages carry as client_id. */
  clientId: number;
  /** When the store was built: the date of every conversation status. */
  since: Date;
  /** The messages of a conversation (pack and seller), oldest first. */
  conversation(packId: number, sellerId: number): readonly MessageRecord[];
  message(id: string): MessageRecord | undefined;
  send(message: NewMessage): MessageRecord;
  attachment(id: string): AttachmentRecord | undefined;
  addAttachment(
    ownerId: number,
    file: { mimeType: string; originalName: string; bytes: Buffer },
  ): AttachmentRecord;
}

interface MessagingSeed {
  applicationId: number;
  attachments: {
    id: string;
    ownerId: number;
    file: string;
    mimeType: string;
    originalName: string;
    minutesAgo: number;
  }[];
  messages: (Omit<MessageRecord, 'createdAt' | 'readAt' | 'attachmentIds' | 'first'> & {
    minutesAgo: number;
    read: boolean;
    attachments: string[];
  })[];
}

const MINUTE_MS = 60 * 1000;

const conversationKey = (packId: number, sellerId: number) => `${packId}/${sellerId}`;

function extensionOf(name: string): string {
  return /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? '';
}

export function createMessagingStore(ctx: StoreContext, packs: PacksStore): MessagingStore {
  const seed = readSeed<MessagingSeed>('messages.json');
  const conversations = new Map<string, MessageRecord[]>();
  const messages = new Map<string, MessageRecord>();
  const attachments = new Map<string, AttachmentRecord>();
  const ago = (minutes: number) => new Date(ctx.now.getTime() - minutes * MINUTE_MS);

  const append = (record: MessageRecord) => {
    const key = conversationKey(record.packId, record.sellerId);
    conversations.set(key, [...(conversations.get(key) ?? []), record]);
    messages.set(record.id, record);
    for (const id of record.attachmentIds) {
      attachments.get(id)?.sharedWith.add(record.fromId).add(record.toId);
    }
  };

  for (const item of seed.attachments) {
    attachments.set(item.id, {
      id: item.id,
      ownerId: item.ownerId,
      mimeType: item.mimeType,
      originalName: item.originalName,
      bytes: readFileSync(join(fixturesDir, 'files', item.file)),
      createdAt: ago(item.minutesAgo),
      sharedWith: new Set(),
    });
  }
  for (const { minutesAgo, read, attachments: ids, ...item } of seed.messages) {
    if (!packs.get(item.packId)) throw new Error(`messages.json: pack ${item.packId} is not in packs.json`);
    const first = !conversations.has(conversationKey(item.packId, item.sellerId));
    const createdAt = ago(minutesAgo);
    append({ ...item, createdAt, readAt: read ? ago(minutesAgo - 1) : null, attachmentIds: ids, first });
  }

  return {
    clientId: seed.applicationId,
    since: ctx.now,
    conversation: (packId, sellerId) => conversations.get(conversationKey(packId, sellerId)) ?? [],
    message: (id) => messages.get(id),
    send(input) {
      const record: MessageRecord = {
        ...input,
        id: randomBytes(16).toString('hex'),
        createdAt: new Date(),
        moderation: { status: 'clean', reason: null },
        readAt: null,
        first: !conversations.has(conversationKey(input.packId, input.sellerId)),
      };
      append(record);
      return record;
    },
    attachment: (id) => attachments.get(id),
    addAttachment(ownerId, file) {
      const id = `${ownerId}_${randomBytes(12).toString('hex')}${extensionOf(file.originalName)}`;
      const record = { ...file, id, ownerId, createdAt: new Date(), sharedWith: new Set<number>() };
      attachments.set(id, record);
      return record;
    },
  };
}
