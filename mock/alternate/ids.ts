import type { FastifyRequest } from 'fastify';
import {
  beforeHandler,
  type Choice,
  hash,
  is,
  type Json,
  ok,
  onAnswer,
  onReset,
  type RouteKey,
} from './kit.ts';

const FISCAL: RouteKey[] = [
  'GET /packs/:pack_id/fiscal_documents',
  'POST /packs/:pack_id/fiscal_documents',
  'DELETE /packs/:pack_id/fiscal_documents',
  'GET /packs/:pack_id/fiscal_documents/:fiscal_document_id',
];
const MESSAGING: RouteKey[] = [
  'GET /messages/packs/:pack_id/sellers/:user_id',
  'POST /messages/packs/:pack_id/sellers/:user_id',
  'GET /messages/:message_id',
  'POST /messages/attachments',
  'GET /messages/attachments/:attachment_id',
];
const CREATING: Record<string, (body: Json) => string[]> = {
  'POST /packs/:pack_id/fiscal_documents': (body) => (body.ids as string[]) ?? [],
  'POST /messages/attachments': (body) => [String(body.id)],
  'POST /messages/packs/:pack_id/sellers/:user_id': (body) => [String(body.id)],
};

/** Two-way names of the ids made at run time: the store keeps its own, the client sees the other shape. */
class IdNames {
  private shown = new Map<string, string>();
  private real = new Map<string, string>();

  constructor(private readonly make: (real: string, n: number) => string) {}

  name(real: string): string {
    let alt = this.shown.get(real);
    if (alt === undefined) {
      alt = this.make(real, this.shown.size + 1);
      this.shown.set(real, alt);
      this.real.set(alt, real);
    }
    return alt;
  }

  realOf(alt: string): string {
    return this.real.get(alt) ?? alt;
  }

  /** A value of an answer with every run-time id in the other shape (also inside texts, e.g. delete messages). */
  rename(value: unknown): unknown {
    if (typeof value === 'string') {
      const exact = this.shown.get(value);
      if (exact !== undefined) return exact;
      let text = value;
      for (const [real, alt] of this.shown) if (text.includes(real)) text = text.split(real).join(alt);
      return text;
    }
    if (Array.isArray(value)) return value.map((item) => this.rename(item));
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.rename(item)]));
  }

  clear(): void {
    this.shown.clear();
    this.real.clear();
  }
}

const hex = (seed: string, length: number) => {
  let text = '';
  for (let i = 0; text.length < length; i += 1) text += hash(`${seed}:${i}`).toString(16).padStart(8, '0');
  return text.slice(0, length);
};
const uuid = (seed: string) => {
  const h = hex(seed, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const extension = (real: string) => /\.[A-Za-z0-9]{1,8}$/.exec(real)?.[0] ?? '';

function translateIds(request: FastifyRequest, names: IdNames): void {
  const params = request.params as Record<string, string>;
  for (const key of ['fiscal_document_id', 'attachment_id', 'message_id'])
    if (params[key] !== undefined) params[key] = names.realOf(params[key]);
  const body = request.body as Json | undefined;
  if (body && typeof body === 'object' && Array.isArray(body.attachments))
    body.attachments = body.attachments.map((id) => (typeof id === 'string' ? names.realOf(id) : id));
}

const runtimeIds: Choice = {
  name: 'runtime-id-shapes',
  gap: 'FIS-DOC-FIELDS, ATT-UPLOAD-RESULT, MSG-FIELDS-CURRENT: "id | string" (the shape of ids made at run time is not shown; seed ids keep theirs)',
  description: 'ids of uploaded fiscal documents and attachments and of sent messages in another shape',
  variants: {
    mock: 'hex strings (attachments: <owner>_<hex>.<ext>)',
    uuid: 'UUIDs (attachments keep their extension)',
    numeric: 'decimal digits',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    const names = new IdNames((real, n) =>
      pick.variant === 'uuid' ? `${uuid(`${pick.seed}:${n}`)}${extension(real)}` : String(7_100_000_000 + n),
    );
    onReset(app, () => names.clear());
    beforeHandler(app, [...FISCAL, ...MESSAGING], (request) => translateIds(request, names));
    onAnswer(
      app,
      [...FISCAL, ...MESSAGING],
      () => true,
      (body, request, reply) => {
        const creating = CREATING[`${request.method} ${request.routeOptions.url}`];
        if (creating && ok(reply.statusCode)) for (const id of creating(body as Json)) names.name(id);
        return names.rename(body);
      },
    );
  },
};

/**
 * Ids whose type the reference leaves open (buyer.id "integer or numeric string"; seller.id, message
 * users, shipment and shipping option ids without a type), by route: a path of keys, `[]` for each element.
 */
const UNTYPED_IDS: Record<string, readonly string[]> = {
  'GET /orders/:order_id': ['buyer.id', 'seller.id'],
  'GET /orders/search': ['results[].buyer.id', 'results[].seller.id'],
  'GET /shipments/:shipping_id': ['id'],
  'GET /items/:item_id/shipping_options': ['options[].id', 'options[].shipping_method_id', 'buyer.id'],
  'GET /sites/:site_id/search': ['results[].seller.id'],
  'GET /messages/packs/:pack_id/sellers/:user_id': [
    'messages[].from.user_id',
    'messages[].to.user_id',
    'messages[].message_resources[].id',
    'conversation_status.claim_id',
    'conversation_status.shipping_id',
  ],
  'POST /messages/packs/:pack_id/sellers/:user_id': ['from.user_id', 'to.user_id', 'message_resources[].id'],
  'GET /messages/:message_id': [
    'from.user_id',
    'to.user_id',
    'resource_id',
    'messages[].from.user_id',
    'messages[].to.user_id',
    'messages[].message_resources[].id',
  ],
};

/** Writes the integers found at a path as decimal strings, when `spell` says so for that path. */
function respell(value: unknown, keys: readonly string[], spell: () => boolean): void {
  if (!value || typeof value !== 'object') return;
  const [key, ...rest] = keys;
  if (key === undefined) return;
  const each = key.endsWith('[]');
  const name = each ? key.slice(0, -2) : key;
  const child = (value as Json)[name];
  if (each) {
    if (Array.isArray(child)) for (const item of child) respell(item, rest, spell);
  } else if (rest.length > 0) respell(child, rest, spell);
  else if (Number.isSafeInteger(child) && spell()) (value as Json)[name] = String(child);
}

const untypedIds: Choice = {
  name: 'untyped-id-spelling',
  gap: 'ORD-ORDER-FIELDS: "buyer | object | Buyer information; contains id (integer or numeric string)"; the types of seller.id, message user_id, resource ids, shipment and shipping option ids are not shown',
  description:
    'ids the reference types as "integer or numeric string", or not at all, written as decimal strings',
  variants: {
    mock: 'integers',
    'numeric-strings': 'every such id a decimal string ("2001")',
    mixed: 'per field and answer, an integer or a decimal string',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    let answer = 0;
    for (const [route, paths] of Object.entries(UNTYPED_IDS)) {
      onAnswer(app, [route as RouteKey], is(200, 201, 206), (body) => {
        answer += 1;
        for (const path of paths) {
          const spell = () => pick.variant === 'numeric-strings' || pick.chance(`${answer}:${path}`) < 0.5;
          respell(body, path.split('.'), spell);
        }
        return body;
      });
    }
  },
};

/** The shapes of ids: made while the server runs, and spelled where the type is left open. */
export const ID_CHOICES: Choice[] = [runtimeIds, untypedIds];
