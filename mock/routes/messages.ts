import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../auth.ts';
import { ApiError, badRequest, forbidden } from '../errors.ts';
import { parseInteger, pathParam, queryParam, wantsNewFormat } from '../http.ts';
import type { PackInfo } from '../store/context.ts';
import type { MessageRecord } from '../store/messaging.ts';
import type { MockUser } from '../store/users.ts';
import {
  BUYER_MAX_MESSAGE_LENGTH,
  conversationStatusView,
  currentView,
  legacyView,
  maxLengths,
  SELLER_MAX_MESSAGE_LENGTH,
} from './message-views.ts';

const DEFAULT_LIMIT = 10;
const MAX_ATTACHMENTS = 25;
/** Permitted emoticons (a reference gap): 😀 😃 😉 🙂 🙁 😢 👍 👎 🙏 ❤ (❤ may carry U+FE0F). */
const EMOTICONS = new Set([
  0x1f600, 0x1f603, 0x1f609, 0x1f642, 0x1f641, 0x1f622, 0x1f44d, 0x1f44e, 0x1f64f, 0x2764,
]);
const HEART = 0x2764;
const VARIATION_SELECTOR = 0xfe0f;

interface Conversation {
  pack: PackInfo;
  sellerId: number;
}

/** The pack and seller of the path; the caller must be the pack's buyer or that seller. */
function conversationOf(request: FastifyRequest, user: MockUser): Conversation {
  const rawPack = pathParam(request, 'pack_id');
  const packId = parseInteger(rawPack);
  if (packId === undefined || packId <= 0) throw badRequest(`Invalid pack id: ${rawPack}`);
  const rawSeller = pathParam(request, 'user_id');
  const sellerId = parseInteger(rawSeller);
  if (sellerId === undefined || sellerId <= 0) throw badRequest(`Invalid user id: ${rawSeller}`);
  const pack = request.server.world.packs.get(packId);
  if (!pack?.sellerIds.includes(sellerId) || ![sellerId, pack.buyerId].includes(user.id)) {
    throw forbidden('Access denied to the order resource');
  }
  return { pack, sellerId };
}

/** Rejected messages are hidden from the counterpart; the sender always sees its own (MSG-MODERATED-HIDDEN). */
export function visibleTo(message: MessageRecord, userId: number): boolean {
  return message.fromId === userId || (message.toId === userId && message.moderation.status !== 'rejected');
}

function pagingOf(request: FastifyRequest): { limit: number; offset: number } {
  const rawLimit = queryParam(request, 'limit');
  const rawOffset = queryParam(request, 'offset');
  const limit = rawLimit === undefined ? DEFAULT_LIMIT : parseInteger(rawLimit);
  const offset = rawOffset === undefined ? 0 : parseInteger(rawOffset);
  if (limit === undefined) throw badRequest(`Invalid limit: ${rawLimit}`);
  if (limit <= 0) throw badRequest('limit must be greater than 0');
  if (offset === undefined || offset < 0) throw badRequest(`Invalid offset: ${rawOffset}`);
  return { limit, offset };
}

function userIdOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  return typeof value === 'string' ? value : undefined;
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

interface Parties {
  fromId: number;
  toId: number;
}

/** The 400 rows about the body's shape: body, from, to.user_id, sender = receiver. */
function partiesOf(body: unknown): Parties {
  const json = objectOf(body);
  if (!json) throw badRequest('A JSON body is required');
  const from = objectOf(json.from);
  if (!from) throw badRequest('Field from is required');
  const fromId = userIdOf(from.user_id);
  if (fromId === undefined || !/^\d+$/.test(fromId)) throw badRequest('Field from.user_id is required');
  const toId = userIdOf(objectOf(json.to)?.user_id);
  if (toId === undefined || toId === '') throw badRequest('Field to.user_id is required');
  if (!/^\d{1,15}$/.test(toId)) throw badRequest(`Invalid to user id: ${toId}`);
  if (Number(toId) === Number(fromId)) throw badRequest('Sender and receiver must be different');
  return { fromId: Number(fromId), toId: Number(toId) };
}

/** The 403 rows about who sends to whom: the sender is the caller and a party, the receiver the other party. */
function checkParties(parties: Parties, user: MockUser, { pack, sellerId }: Conversation): void {
  if (parties.fromId !== user.id || ![pack.buyerId, sellerId].includes(user.id)) {
    throw forbidden('The sender has no access to the order');
  }
  const counterpart = user.id === pack.buyerId ? sellerId : pack.buyerId;
  if (parties.toId !== counterpart) throw forbidden('The receiver does not belong to the order');
}

function supportedCharacters(points: number[]): boolean {
  return points.every(
    (point, i) =>
      point <= 0xff || EMOTICONS.has(point) || (point === VARIATION_SELECTOR && points[i - 1] === HEART),
  );
}

/** Text rules: ISO-8859-1 plus permitted emoticons, at most 350 code points for a seller, 3500 for a buyer. */
function textOf(body: Record<string, unknown>, senderIsBuyer: boolean): string {
  const text = body.text;
  if (typeof text !== 'string' || text === '') throw badRequest('Field text is required');
  const points = Array.from(text, (char) => char.codePointAt(0)!);
  if (!supportedCharacters(points)) throw badRequest('The message has unsupported characters');
  const max = senderIsBuyer ? BUYER_MAX_MESSAGE_LENGTH : SELLER_MAX_MESSAGE_LENGTH;
  if (points.length > max)
    throw badRequest(`The message content is too long, max characters allowed are ${max}`);
  return text;
}

function attachmentsOf(request: FastifyRequest, body: Record<string, unknown>, senderId: number): string[] {
  const ids = body.attachments ?? [];
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    throw badRequest('attachments must be an array of attachment ids');
  }
  if (ids.length > MAX_ATTACHMENTS) {
    throw badRequest(`Too many attachments, max allowed are ${MAX_ATTACHMENTS}`);
  }
  for (const id of ids) {
    if (request.server.world.messaging.attachment(id)?.ownerId !== senderId) {
      throw badRequest(`Attachment not found: ${id}`);
    }
  }
  return ids;
}

/** The 403 rows about the state of the purchase. */
function checkPackState(pack: PackInfo): void {
  if (pack.cancelled) {
    throw new ApiError(403, 'conversation_blocked', 'blocked_conversation_send_message_forbidden', [
      'blocked_by_cancelled_order',
    ]);
  }
  if (pack.mediationInProcess) throw forbidden('Mediation in process, messages cannot be sent');
  if (pack.fulfilledNotDelivered) {
    throw forbidden('The purchase is fulfilled by the platform and not yet delivered');
  }
}

function checkCreateQuery(request: FastifyRequest): void {
  const applicationId = queryParam(request, 'application_id');
  if (applicationId === undefined || applicationId === '') throw badRequest('Application id is required');
  if (queryParam(request, 'tag') !== 'post_sale') throw badRequest('tag must be post_sale');
}

const routes: FastifyPluginAsync = async (app) => {
  const path = '/messages/packs/:pack_id/sellers/:user_id';

  app.get(path, async (request) => {
    const user = requireUser(request);
    const conversation = conversationOf(request, user);
    const { limit, offset } = pagingOf(request);
    const { pack, sellerId } = conversation;
    const visible = app.world.messaging
      .conversation(pack.packId, sellerId)
      .filter((m) => visibleTo(m, user.id));
    return {
      paging: { limit, offset, total: visible.length },
      conversation_status: conversationStatusView(pack, sellerId, app.world.messaging.since),
      messages: visible.slice(offset, offset + limit).map((m) => currentView(m, pack, app.world.messaging)),
      ...maxLengths,
    };
  });

  app.post(path, async (request, reply) => {
    const user = requireUser(request, { whenMissing: () => badRequest('Access token is required') });
    checkCreateQuery(request);
    const conversation = conversationOf(request, user);
    const parties = partiesOf(request.body);
    checkParties(parties, user, conversation);
    const body = request.body as Record<string, unknown>;
    const text = textOf(body, user.id === conversation.pack.buyerId);
    const attachmentIds = attachmentsOf(request, body, user.id);
    checkPackState(conversation.pack);
    const { pack, sellerId } = conversation;
    const message = app.world.messaging.send({
      packId: pack.packId,
      sellerId,
      ...parties,
      text,
      attachmentIds,
    });
    return reply.code(201).send(currentView(message, pack, app.world.messaging));
  });

  app.get('/messages/:message_id', async (request) => {
    const user = requireUser(request);
    const message = app.world.messaging.message(pathParam(request, 'message_id'));
    if (!message) throw badRequest('The specified message id does not exists');
    if (!visibleTo(message, user.id)) throw forbidden('Access denied to the message');
    const pack = app.world.packs.get(message.packId)!;
    if (!wantsNewFormat(request)) return legacyView(message, pack, app.world.messaging);
    return {
      paging: null,
      conversation_status: null,
      messages: [currentView(message, pack, app.world.messaging)],
      ...maxLengths,
    };
  });
};

export default routes;
