/** Who is right when the two sides differ: the reference decides (naming a requirement and the side that breaks it), or it is silent. */
import type { Requirement } from '../../lib/catalog/requirements.ts';
import type { Spec } from '../../lib/checks/spec.ts';
import { errorCodeOf } from '../../lib/client/typed.ts';
import { type SpecNotes, specNotes } from './notes.ts';
import type { Exchange } from './types.ts';

export type SideName = 'mock' | 'target';

export type Verdict =
  | { decided: true; requirement: string; breaks: SideName | 'both'; why: string }
  | { decided: false; notes: SpecNotes };

export interface Judge {
  spec: Spec;
  requirements: Requirement[];
}

export function decided(requirement: string, breaking: SideName[], why: string): Verdict | undefined {
  if (breaking.length === 0) return undefined;
  return { decided: true, requirement, breaks: breaking.length === 2 ? 'both' : breaking[0]!, why };
}

export function silent(
  judge: Judge,
  pair: Pair,
  kinds: Requirement['kind'][],
  paths: string[] = [],
): Verdict {
  const statuses = [...new Set([pair.mock.response.status, pair.target.response.status])];
  const errors = [pair.mock, pair.target].map((e) => errorCodeOf(e.response));
  const fieldNames = paths.map(
    (path) =>
      path
        .split(/[.[\]]+/)
        .filter(Boolean)
        .at(-1) ?? path,
  );
  const notes = specNotes(judge.spec, judge.requirements, {
    operationId: pair.mock.call.operationId,
    statuses,
    paths,
    kinds,
    mentions: [
      ...statuses.map(String),
      ...errors.filter((e): e is string => typeof e === 'string'),
      ...fieldNames,
    ],
  });
  return { decided: false, notes };
}

export interface Pair {
  mock: Exchange;
  target: Exchange;
}

export function sidesWhere(pair: Pair, test: (exchange: Exchange) => boolean): SideName[] {
  return (['mock', 'target'] as const).filter((side) => test(pair[side]));
}

/**
 * Which requirement a schema failure of a field breaks: the most specific prefix of the operation's
 * table. A prefix ending in a dot names the fields inside only (the object itself missing breaks the envelope).
 */
const FIELD_REQUIREMENTS: Record<string, [string, string][]> = {
  getOrder: [
    ['', 'ORD-ORDER-FIELDS'],
    ['order_items', 'ORD-ITEM-FIELDS'],
    ['payments', 'ORD-PAYMENT-FIELDS'],
    ['context', 'ORD-ORDER-CONTEXT'],
    ['pack_id', 'ORD-ORDER-PACK'],
    ['status', 'ORD-STATUS-VALUES'],
    ['shipping', 'ORD-ORDER-SHIPPING'],
    ['cancel_detail', 'ORD-ORDER-CANCEL-DETAIL'],
  ],
  getShipment: [
    ['', 'ORD-ORDER-SHIPPING'],
    ['lead_time', 'SHP-LEAD-TIME-FIELDS'],
    ['lead_time.cost', 'SHP-READ-LEAD-TIME-COST'],
  ],
  listFiscalDocuments: [
    ['', 'FIS-LIST-FIELDS'],
    ['fiscal_documents', 'FIS-DOC-FIELDS'],
  ],
  listPackMessages: [
    ['', 'MSG-FIELDS-CURRENT'],
    ['seller_max_message_length', 'MSG-LIMIT-FIELDS'],
    ['buyer_max_message_length', 'MSG-LIMIT-FIELDS'],
    ['conversation_status', 'MSG-CONVERSATION-STATUS'],
    ['messages.message_attachments', 'MSG-ATTACHMENT-FIELDS'],
    ['paging.', 'MSG-LIST-PAGING'],
  ],
  getCategory: [
    ['', 'CAT-FIELDS'],
    ['settings.', 'CAT-SETTINGS-FIELDS'],
  ],
  searchSiteItems: [
    ['', 'SEARCH-ENVELOPE-FIELDS'],
    ['paging.', 'SEARCH-PAGING'],
    ['results', 'SEARCH-RESULT-FIELDS'],
  ],
  getShippingOptions: [
    ['', 'SHIP-RESPONSE-FIELDS'],
    ['destination', 'SHIP-DESTINATION-FIELDS'],
    ['options', 'SHIP-OPTION-FIELDS'],
  ],
  listCountries: [['', 'LOC-COUNTRIES-FIELDS']],
  searchOrders: [
    ['', 'ORD-SEARCH-RESPONSE'],
    ['paging.', 'ORD-SEARCH-PAGING'],
    ['results', 'ORD-ORDER-FIELDS'],
    ['results.shipping', 'ORD-ORDER-SHIPPING'],
    ['results.order_items', 'ORD-ITEM-FIELDS'],
    ['results.payments', 'ORD-PAYMENT-FIELDS'],
    ['results.status', 'ORD-STATUS-VALUES'],
  ],
};

/** `order_items.0.unit_price` → `order_items.unit_price`. */
function withoutIndexes(path: string): string {
  return path
    .split('.')
    .filter((key) => !/^\d+$/.test(key))
    .join('.');
}

export function fieldRequirement(judge: Judge, operationId: string, path: string): string {
  const plain = withoutIndexes(path);
  const table = FIELD_REQUIREMENTS[operationId] ?? [];
  const best = table
    .filter(([prefix]) =>
      prefix.endsWith('.')
        ? plain.startsWith(prefix)
        : prefix === '' || plain === prefix || plain.startsWith(`${prefix}.`),
    )
    .sort((a, b) => b[0].length - a[0].length)[0];
  if (best) return best[1];
  const field = judge.requirements.find(
    (r) => r.kind === 'field' && r.basis === 'documented' && r.operations.includes(operationId),
  );
  return field?.id ?? `the schema of ${operationId}`;
}

const JSON_CHECKS = ['contentTypeConformance', 'jsonCharsetConformance', 'jsonBodyParses'];

/**
 * The requirement a failure of one of the named checks of lib/checks/checks.ts breaks. A
 * status the spec does not document, where the other side answers the call, breaks what the
 * reference says the call answers: the operation's response requirement.
 */
export function checkRequirement(check: string, operationId: string, status: number, judge?: Judge): string {
  if (check === 'errorShapeConformance') return 'GEN-ERROR-SHAPE';
  if (JSON_CHECKS.includes(check)) return 'GEN-JSON-BODIES';
  // An undocumented 5xx breaks what the reference says the call answers (GEN-NO-UNDOCUMENTED-5XX is a gap).
  if ((check === 'statusCodeConformance' || check === 'notAServerError') && judge)
    return fieldRequirement(judge, operationId, '');
  if (check === 'responseHeadersConformance' && operationId === 'getOrder' && status === 206)
    return 'ORD-READ-PARTIAL';
  return `the documented answers of ${operationId} (${check})`;
}
