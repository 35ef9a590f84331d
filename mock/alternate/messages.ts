import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden } from '../errors.ts';
import { parseInteger } from '../http.ts';
import { currentView } from '../routes/message-views.ts';
import type { MessageRecord } from '../store/messaging.ts';
import {
  answerError,
  beforeHandler,
  type Choice,
  callerIdOf,
  firstQuery,
  is,
  type Json,
  ok,
  onAnswer,
  onReset,
  queryOf,
  type RouteKey,
  routeOf,
} from './kit.ts';

const LISTING: RouteKey = 'GET /messages/packs/:pack_id/sellers/:user_id';
const SEND: RouteKey = 'POST /messages/packs/:pack_id/sellers/:user_id';
const MOCK_DEFAULT_LIMIT = 10;
/** Asks the route for every visible message; the listing choices then order and page them. */
const ALL = '1000000000';

/** How one run lists a pack's messages; each listing choice sets its part. */
interface ListingPolicy {
  newestFirst: boolean;
  defaultLimit: number;
  maxLimit: number;
  refusePastEnd: boolean;
  countHidden: boolean;
  markAsRead: boolean;
  /** Messages held from this caller for now (in moderation), left out of the listing and its total. */
  heldFrom: (messageId: string, callerId: number | undefined) => boolean;
}

const policies = new WeakMap<FastifyInstance, ListingPolicy>();
const asked = new WeakMap<FastifyRequest, { limit: number; offset: number }>();

/** The valid limit and offset a listing asked for, or undefined when the route must refuse them itself. */
function askedPage(request: FastifyRequest, policy: ListingPolicy) {
  const rawLimit = firstQuery(request, 'limit');
  const rawOffset = firstQuery(request, 'offset');
  const limit = rawLimit === undefined ? policy.defaultLimit : parseInteger(rawLimit);
  const offset = rawOffset === undefined ? 0 : parseInteger(rawOffset);
  if (limit === undefined || limit <= 0 || offset === undefined || offset < 0) return undefined;
  if (limit > policy.maxLimit) throw badRequest(`Invalid limit: ${rawLimit}`);
  return { limit, offset };
}

function markRead(app: FastifyInstance, request: FastifyRequest, page: Json[]): void {
  if (firstQuery(request, 'mark_as_read') === 'false') return;
  const caller = callerIdOf(request);
  for (const shown of page) {
    const record = app.world.messaging.message(String(shown.id));
    if (record && record.toId === caller && record.readAt === null) record.readAt = new Date();
  }
}

/** The listing policy of the app; the first call installs the hooks that apply it. */
function listingPolicy(app: FastifyInstance): ListingPolicy {
  const existing = policies.get(app);
  if (existing) return existing;
  const policy: ListingPolicy = {
    newestFirst: false,
    defaultLimit: MOCK_DEFAULT_LIMIT,
    maxLimit: Number.POSITIVE_INFINITY,
    refusePastEnd: false,
    countHidden: false,
    markAsRead: false,
    heldFrom: () => false,
  };
  policies.set(app, policy);
  beforeHandler(app, [LISTING], (request) => {
    const page = askedPage(request, policy);
    if (!page) return;
    asked.set(request, page);
    Object.assign(queryOf(request), { limit: ALL, offset: '0' });
  });
  onAnswer(app, [LISTING], is(200), (body, request, reply) => {
    const page = asked.get(request);
    if (!page) return body;
    const listing = body as Json;
    const caller = callerIdOf(request);
    const visible = (listing.messages as Json[]).filter((m) => !policy.heldFrom(String(m.id), caller));
    const ordered = policy.newestFirst ? [...visible].reverse() : visible;
    const params = request.params as Record<string, string>;
    const total = policy.countHidden
      ? app.world.messaging.conversation(Number(params.pack_id), Number(params.user_id)).length
      : visible.length;
    if (policy.refusePastEnd && page.offset > 0 && page.offset >= total)
      return answerError(reply, 400, 'bad_request', `Invalid offset: ${page.offset}`);
    const shown = ordered.slice(page.offset, page.offset + page.limit);
    if (policy.markAsRead) markRead(app, request, shown);
    return { ...listing, paging: { limit: page.limit, offset: page.offset, total }, messages: shown };
  });
  return policy;
}

const listOrder: Choice = {
  name: 'message-list-order',
  gap: 'MSG-LIST-ORDER: the order of messages in the listing is not shown',
  description: 'the order of a pack listing',
  variants: { mock: 'oldest first', 'newest-first': 'newest first' },
  install: (app, pick) => {
    if (pick.variant !== 'mock') listingPolicy(app).newestFirst = true;
  },
};

const listPageSize: Choice = {
  name: 'message-list-page-size',
  gap: 'MSG-LIST-DEFAULTS: default page size not shown; "400 | ... invalid limit" without the limit that is invalid',
  description: 'default and maximum limit of a pack listing',
  variants: {
    '10/none': 'default 10, no maximum (the mock)',
    '5/100': 'default 5, above 100 invalid (400)',
    '50/50': 'default 50, above 50 invalid (400)',
    '20/20': 'default 20, above 20 invalid (400)',
    '1/none': 'default 1 (pages of one message unless a limit is asked), no maximum',
  },
  install: (app, pick) => {
    if (pick.variant === '10/none') return;
    const [byDefault, max] = pick.variant.split('/');
    const maxLimit = max === 'none' ? Number.POSITIVE_INFINITY : Number(max);
    Object.assign(listingPolicy(app), { defaultLimit: Number(byDefault), maxLimit });
  },
};

const listPastEnd: Choice = {
  name: 'message-list-offset',
  gap: 'MSG-ERR-OFFSET-INVALID: "400 | ... invalid offset" (which offset is invalid is not shown)',
  description: 'a pack listing offset at or past the end',
  variants: { mock: 'an empty page', 'refused-past-end': '400 Invalid offset (offset 0 always accepted)' },
  install: (app, pick) => {
    if (pick.variant !== 'mock') listingPolicy(app).refusePastEnd = true;
  },
};

const listTotal: Choice = {
  name: 'message-list-total',
  gap: 'MSG-LIST-PAGING: "paging {limit, offset, total}" (whether hidden moderated messages count is not shown)',
  description: 'what paging.total counts',
  variants: {
    mock: 'the messages this caller may see',
    'all-messages': "every message of the conversation, the counterpart's rejected ones too",
  },
  install: (app, pick) => {
    if (pick.variant !== 'mock') listingPolicy(app).countHidden = true;
  },
};

const markAsRead: Choice = {
  name: 'mark-as-read',
  gap: 'not shown: the reference names no mark_as_read; observed "query mark_as_read=false accepted by clients"',
  description: 'listing a pack marks the messages shown to their recipient as read',
  variants: {
    honoured: 'read (message_date.read set) unless mark_as_read=false',
    mock: 'listing never changes anything',
  },
  install: (app, pick) => {
    if (pick.variant !== 'mock') listingPolicy(app).markAsRead = true;
  },
};

const byIdForm: Choice = {
  name: 'message-by-id-form',
  gap: 'MSG-BYID-HEADER: "Name of the header that selects the newer message form on GET /messages/{message_id}: not shown."',
  description: 'which form GET /messages/{message_id} answers',
  variants: {
    mock: 'legacy, the current form with x-format-new: true',
    'legacy-always': 'legacy whatever the headers',
    'current-always': 'the current form whatever the headers',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, ['GET /messages/:message_id'], (request) => {
      if (pick.variant === 'legacy-always') delete request.headers['x-format-new'];
      else request.headers['x-format-new'] = 'true';
    });
  },
};

function successStatus(name: string, gap: string, route: RouteKey, mock: number, other: number): Choice {
  return {
    name,
    gap,
    description: `the success status of ${route}`,
    variants: { mock: String(mock), [`status-${other}`]: `${other} with the same body` },
    install: (app, pick) => {
      if (pick.variant === 'mock') return;
      onAnswer(app, [route], is(mock), (body, _request, reply) => {
        reply.code(other);
        return body;
      });
    },
  };
}

const sendTag: Choice = {
  name: 'message-send-tag',
  gap: 'MSG-CREATE-TAG: the answer to a missing tag is not shown',
  description: 'a message sent without tag=post_sale',
  variants: { mock: '400 bad_request', optional: 'post_sale assumed (another tag is still refused)' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, [SEND], (request) => {
      if (firstQuery(request, 'tag') === undefined) queryOf(request).tag = 'post_sale';
    });
  },
};

const sendClientId: Choice = {
  name: 'message-send-client-id',
  gap: 'MSG-CREATE-X-CLIENT-ID: "Whether the header x-client-id is required on message creation: not shown."',
  description: 'a message sent without the x-client-id header',
  variants: {
    mock: 'accepted',
    required: '400 bad_request (after the stated token and application id checks)',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, [SEND], (request) => {
      if (!request.headers.authorization || !firstQuery(request, 'application_id')) return;
      if (!request.headers['x-client-id']) throw badRequest('Header x-client-id is required');
    });
  },
};

const MEDIATION_SITE = 'MLA';

const mediationCountry: Choice = {
  name: 'mediation-country',
  gap: 'MSG-CREATE-MEDIATION-COUNTRY: "Mediation in process (applies to one country only)"',
  description: 'sending into a conversation whose order is in mediation',
  variants: { mock: '403 on every site', 'MLA-only': '403 only on MLA; elsewhere the message is sent' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, [SEND], (request) => {
      const pack = app.world.packs.get(Number((request.params as Record<string, string>).pack_id));
      if (pack && pack.siteId !== MEDIATION_SITE) pack.mediationInProcess = false;
    });
  },
};

const BY_ID: RouteKey = 'GET /messages/:message_id';
const ATTACHMENT: RouteKey = 'GET /messages/attachments/:attachment_id';

/** The id of the message a by-id read answers, in either form. */
function idOfRead(body: Json): string {
  const current = Array.isArray(body.messages) ? (body.messages[0] as Json | undefined) : undefined;
  return String(current?.id ?? body.message_id);
}

/** Answers 403 instead of a file (an attachment of a message still held from the caller). */
function refuseFile(reply: FastifyReply): string {
  const text = JSON.stringify(forbidden('Access denied to the attachment').toBody());
  reply.code(403).removeHeader('content-disposition');
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-length', Buffer.byteLength(text));
  return text;
}

/**
 * A new message goes through moderation (pending) before it reaches the counterpart: until then the
 * counterpart's listing leaves it out, a read of it by id is refused as for a hidden message, and its
 * attachments are refused to the counterpart. The sender sees it at once, pending.
 */
const moderationHold: Choice = {
  name: 'moderation-hold',
  gap: 'MSG-MODERATION-TRANSITIONS: "pending (moderation in process)"; message_date.available "(passed moderation)"; when a new message reaches the counterpart is not shown',
  description: 'a new message held in moderation (pending, not shown to the counterpart) for a moment',
  variants: {
    mock: 'clean at once, shown to the counterpart at once',
    'pending-500ms': 'pending for 0.5 s, then clean',
    'pending-2s': 'pending for 2 s, then clean',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    const holdMs = pick.variant === 'pending-500ms' ? 500 : 2000;
    const held = new Map<string, MessageRecord>();
    onReset(app, () => held.clear());
    const heldFrom = (id: string, caller: number | undefined) => {
      const record = held.get(id);
      return record !== undefined && record.toId === caller;
    };
    listingPolicy(app).heldFrom = heldFrom;
    onAnswer(app, [SEND], ok, (body) => {
      const record = app.world.messaging.message(String((body as Json).id));
      const pack = record && app.world.packs.get(record.packId);
      if (!record || !pack) return body;
      record.moderation = { status: 'pending', reason: null };
      held.set(record.id, record);
      setTimeout(() => {
        record.moderation = { status: 'clean', reason: null };
        held.delete(record.id);
      }, holdMs).unref();
      return currentView(record, pack, app.world.messaging);
    });
    onAnswer(app, [BY_ID], is(200), (body, request, reply) =>
      heldFrom(idOfRead(body as Json), callerIdOf(request))
        ? answerError(reply, 403, 'forbidden', 'Access denied to the message')
        : body,
    );
    app.addHook('onSend', async (request, reply, payload) => {
      if (routeOf(request) !== ATTACHMENT || reply.statusCode !== 200) return payload;
      const id = String((request.params as Record<string, string>).attachment_id);
      const caller = callerIdOf(request);
      const carried = [...held.values()].some((m) => m.toId === caller && m.attachmentIds.includes(id));
      return carried ? refuseFile(reply) : payload;
    });
  },
};

/** Choices of the messaging resources: listing order and paging, forms, statuses, send rules. */
export const MESSAGE_CHOICES: Choice[] = [
  listOrder,
  listPageSize,
  listPastEnd,
  listTotal,
  markAsRead,
  byIdForm,
  successStatus(
    'message-send-status',
    'MSG-CREATE-STATUS: the success status of the creation is not shown',
    SEND,
    201,
    200,
  ),
  successStatus(
    'attachment-upload-status',
    'ATT-UPLOAD-STATUS: the success status of the upload is not shown',
    'POST /messages/attachments',
    200,
    201,
  ),
  sendTag,
  sendClientId,
  mediationCountry,
  moderationHold,
];
