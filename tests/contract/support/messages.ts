import { expect, expectHot, notJudged, type TargetProfile } from '../../../fixtures/index.ts';
import type { Spec } from '../../../lib/checks/spec.ts';
import type { JudgedComponent } from '../../../lib/checks/validator-pointers.ts';
import type { ApiClient } from '../../../lib/client/client.ts';
import { bodyAt, hasStatus } from '../../../lib/client/typed.ts';
import type { ApiResponse, Caller, Schemas } from '../../../lib/client/types.ts';
import { runProfile } from '../../../lib/profile/run-env.ts';
import type { ProfileInput } from '../../../lib/profile/types.ts';
import { shown } from './listed.ts';

/** A listed message, typed from the spec. */
type ListedMessage = Schemas['Message'];

/*
 * Writable conversations, claimed with the `writablePack('messaging', i)` fixture, one per write test:
 * 0 seller sends, 1 buyer sends 3500 characters, 2 seller length boundary, 3 requests refused before
 * anything is stored (400 and 403 rows; a conforming target writes nothing there), 4 25 and 26
 * attachments, 5 the mock's 201 and order, 6 the mock's emoticons.
 */

export function listing(
  api: ApiClient,
  target: TargetProfile,
  as: Caller,
  query = {},
  pack = target.messaging.pack,
) {
  return api.call('listPackMessages', {
    as,
    path: { pack_id: pack, user_id: target.users.seller.id },
    query,
  });
}

/** The conversation of the buyer with another seller, in which the profile's seller is not a party. */
export interface OthersConversation {
  pack: number;
  sellerId: number;
  /** A message of it the buyer lists, when one is listed with its id. */
  messageId?: string;
}

/**
 * The conversation of the buyer's order with another seller (orders.otherSeller): the profile's seller
 * is neither of its parties, so without users.stranger it stands for "a user without access to the
 * order or message" (Authentication 4). A string says why there is none (the order shows no pack).
 */
export async function othersConversation(
  api: ApiClient,
  target: TargetProfile,
): Promise<OthersConversation | string> {
  const order = await api.call('getOrder', { as: 'buyer', path: { order_id: target.orders.otherSeller } });
  if (!hasStatus(order, [200, 206])) return `${order.label} answered ${order.status}`;
  const { pack_id: pack, seller } = order.body;
  const sellerId = Number(seller?.id);
  if (typeof pack !== 'number' || !Number.isSafeInteger(sellerId) || sellerId === target.users.seller.id)
    return `${order.label} shows no pack and other seller (pack_id ${pack}, seller ${seller?.id})`;
  const listed = await api.call('listPackMessages', {
    as: 'buyer',
    path: { pack_id: pack, user_id: sellerId },
  });
  const messages = hasStatus(listed, 200) ? (listed.body.messages ?? []) : [];
  return { pack, sellerId, messageId: messages.find(hasId)?.id };
}

/** A listed message that carries its id (a listed field: a production-shaped target may leave it out). */
const hasId = (m: ListedMessage): m is ListedMessage & { id: string } => m.id !== undefined;

/**
 * Every message of a conversation visible to the caller, over all pages, with their ids and the last
 * paging.total. Only offset is sent: the page size is the target's (the reference gives neither a
 * default nor a maximum). An empty page ends the walk too (a total may count messages not shown).
 * `messages` and `paging` of the envelope and a message's `id` are listed fields, not promised in every
 * answer: a page without `messages` ends the walk, `ids` holds the ids carried, and `complete` says
 * whether every page carried its messages and every message its id (a test that needs the whole view
 * says "not verified" otherwise). `total` is undefined when the last page carried no paging.total.
 */
export async function allIds(
  api: ApiClient,
  target: TargetProfile,
  as: Caller,
  pack = target.messaging.pack,
) {
  const messages: ListedMessage[] = [];
  let complete = true;
  for (let offset = 0; ; ) {
    const res = await listing(api, target, as, offset === 0 ? {} : { offset }, pack);
    expectHot(res.status, res.label).toBe(200);
    const body = bodyAt(res, 200);
    const page = body.messages;
    if (page === undefined) complete = false;
    messages.push(...(page ?? []));
    offset += page?.length ?? 0;
    const total = body.paging?.total;
    if (page === undefined || page.length === 0 || offset >= Number(total)) {
      const ids = messages.filter(hasId).map((m) => m.id);
      return { ids, total, messages, complete: complete && ids.length === messages.length };
    }
  }
}

/** The id of a created or read message, in the current or in the legacy form (any answer: read without trusting its shape). */
export function messageIdOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const id = ('id' in body ? body.id : undefined) ?? ('message_id' in body ? body.message_id : undefined);
  if (id !== undefined && id !== null) return String(id);
  return 'messages' in body && Array.isArray(body.messages) ? messageIdOf(body.messages[0]) : undefined;
}

interface SendOptions {
  as?: Caller;
  pack: number;
  json?: unknown;
  query?: Record<string, string>;
}

export function send(
  api: ApiClient,
  target: TargetProfile,
  options: SendOptions,
): Promise<ApiResponse<'sendPackMessage'>> {
  const { as = 'seller', pack, query } = options;
  return api.call('sendPackMessage', {
    as,
    path: { pack_id: pack, user_id: target.users.seller.id },
    query: query ?? { tag: 'post_sale', application_id: target.messaging.applicationId },
    json: options.json,
  });
}

export const sellerSays = (target: TargetProfile, text: string, extra: Record<string, unknown> = {}) => ({
  from: { user_id: String(target.users.seller.id) },
  to: { user_id: String(target.users.buyer.id) },
  text,
  ...extra,
});
export const buyerSays = (target: TargetProfile, text: string) => ({
  from: { user_id: String(target.users.buyer.id) },
  to: { user_id: String(target.users.seller.id) },
  text,
});

/** The id of a created message, judged as `requirement` (the rule that accepts it) on the answer. */
export function expectCreated(res: ApiResponse, requirement = 'MSG-CREATE-BODY'): string {
  expectHot([200, 201], `${requirement}: ${res.label}: a success status`).toContain(res.status);
  const id = messageIdOf(res.body);
  expect(id, `${requirement}: ${res.label}: the created message has an id`).toBeTruthy();
  return id!;
}

/** Pauses between reads of a view moderation may delay: about five seconds in all. */
const MODERATION_WAITS_MS = [250, 500, 1000, 1500, 2000];

/**
 * Reads until `settled` holds of what was read, and returns the last read. Moderation may delay what a
 * party sees of a new message (the reference names a message "available" once it passed moderation,
 * never how soon): on a foreign target the view is awaited within a bound, never judged at once. The
 * mock moderates nothing: its first read is the one judged.
 */
export async function awaitModeration<T>(
  target: TargetProfile,
  read: () => Promise<T>,
  settled: (value: T) => boolean,
): Promise<T> {
  let value = await read();
  if (target.isMock) return value;
  for (const ms of MODERATION_WAITS_MS) {
    if (settled(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, ms));
    value = await read();
  }
  return value;
}

/**
 * Whether the profile itself names a value, rather than discovery, which picked it from the very
 * listing a test would judge it by (a message both parties list, a rejected one the buyer lists): such a
 * comparison is with itself, not a judgement.
 */
export const givenByProfile = (read: (profile: ProfileInput) => unknown): boolean =>
  read(runProfile()) !== undefined;

/** A value held to a schema component of the spec: the fields it leaves out apart from what it breaks. */
function heldToSchema(spec: Spec, component: JudgedComponent, value: unknown) {
  const errors = spec.validate(`/components/schemas/${component}`, value);
  const omitted = errors.filter((e) => e.keyword === 'required').map((e) => String(e.params.missingProperty));
  const wrong = errors
    .filter((e) => e.keyword !== 'required')
    .map((e) => `${e.instancePath || '(value)'} ${e.message ?? e.keyword}`);
  return { omitted, wrong };
}

const MODERATION_RULES = [
  ['MSG-MODERATION-STATUS', 'status', 'MessageModerationStatus'],
  ['MSG-MODERATION-REASON', 'reason', 'MessageModerationReason'],
] as const;

/** MSG-MODERATION-STATUS and -REASON on one listed message: each value in the spec's set, or not judged where left out. */
export function judgeModeration(spec: Spec, target: TargetProfile, message: ListedMessage, instance: string) {
  for (const [requirement, field, component] of MODERATION_RULES) {
    const value = message.message_moderation?.[field];
    if (!shown(target, value, `${instance}: message_moderation.${field}`)) {
      notJudged(requirement, instance, `the message leaves message_moderation.${field} out`);
      continue;
    }
    expectHot(
      heldToSchema(spec, component, value).wrong,
      `${requirement}: ${instance} message_moderation.${field} ${JSON.stringify(value)}`,
    ).toEqual([]);
  }
}

/**
 * A field requirement on one value, by its schema component: a field it carries with a wrong type or
 * value breaks the rule; a value leaving a listed field out is not judged (failed on the mock).
 */
export function judgeFields(
  spec: Spec,
  target: TargetProfile,
  [requirement, component]: [string, JudgedComponent],
  value: unknown,
  instance: string,
) {
  const { omitted, wrong } = heldToSchema(spec, component, value);
  for (const field of omitted) shown(target, undefined, `${instance}: ${field}`);
  if (omitted.length === 0 || wrong.length > 0) expectHot(wrong, `${requirement}: ${instance}`).toEqual([]);
  else notJudged(requirement, instance, `it leaves ${omitted.join(', ')} out`);
}

/** MSG-FIELDS-LEGACY on a by-id read: judged where the target answers the legacy form. */
export function judgeLegacyFields(spec: Spec, target: TargetProfile, body: unknown, instance: string) {
  if (typeof body === 'object' && body !== null && 'message_id' in body)
    judgeFields(spec, target, ['MSG-FIELDS-LEGACY', 'MessageLegacy'], body, instance);
  else notJudged('MSG-FIELDS-LEGACY', instance, 'the target answers the current form');
}
