import type { FastifyInstance } from 'fastify';
import { ACCESS_FAULTS } from './access.ts';
import { BEHAVIOUR_FAULTS } from './behaviour.ts';
import { blindFaults } from './blind/batches.ts';
import { COMPLETENESS_FAULTS } from './completeness.ts';
import { DEEP_FAULTS } from './deep.ts';
import { DISAGREEING_FAULTS } from './disagreeing.ts';
import { ERROR_FAULTS } from './errors.ts';
import { EVASION_FAULTS } from './evasion.ts';
import { FINDINGS_FAULTS } from './findings.ts';
import { HIDING_FAULTS } from './hiding.ts';
import type { Fault, FaultClass } from './kit.ts';
import { MEANING_FAULTS } from './meaning.ts';
import { NESTED_FAULTS } from './nested.ts';
import { RACE_FAULTS } from './races.ts';
import { RELATION_FAULTS } from './relations.ts';
import { RULE_FAULTS } from './rules.ts';
import { SHAPE_FAULTS } from './shapes.ts';
import { WIRE_FAULTS } from './wire.ts';

const SEND = 'only sending a message shows it';

/** Faults of families built by shared helpers that only a write can reveal, with why. */
const WRITE_ONLY: Record<string, string> = {
  'seller-text-over-350-accepted': SEND,
  'seller-text-350-refused': SEND,
  'buyer-text-over-3500-accepted': SEND,
  'charset-not-checked': SEND,
  'attachments-26-accepted': SEND,
  'message-too-long-as-422': SEND,
  'blocked-conversation-renamed': SEND,
  'message-create-token-message-changed': SEND,
  'fiscal-conflict-as-400': 'only an upload shows the per-type limit',
};

/** Faults that break only a choice the reference leaves open, with the gap. */
const GAP_ONLY: Record<string, string> = {
  'currency-identity-not-one': 'the reference does not state the ratio of a currency to itself',
  'order-paging-ignored': 'the reference does not name the paging parameters of order search',
  'shipping-cost-above-list-cost': 'the reference does not state that cost never exceeds list_cost',
  'countries-429':
    'the reference shows no rate limits: a reader waits out a 429 and retries, as on a live server',
  'shipping-options-429':
    'the reference shows no rate limits: a reader waits out a 429 and retries, as on a live server',
  'listing-total-counts-hidden':
    "the reference does not state whether the pack listing's paging.total counts the messages hidden from the caller",
  'delivery-promise-dropped':
    'the reference does not say where in the shipment read the delivery promise appears (the mock: lead_time.estimated_delivery_time)',
  'site-search-paging-limit-as-string':
    'the reference gives no type for the site search paging (only the order-search row says integers)',
  'site-search-paging-total-as-string':
    'the reference gives no type for the site search paging (only the order-search row says integers)',
  'listing-paging-offset-as-string':
    "the reference gives no type for the pack listing's paging {limit, offset, total} (only the request's limit and offset are integers)",
  'list-allow-as-string':
    'the reference types allow as a boolean only for billing; for buy, sell and list it lists allow without a type',
  'category-path-truncated':
    "the reference does not say path_from_root ends with the category itself (CAT-PATH-SELF): a path missing its last element still starts with its parent's path and holds the parent (CAT-PATH-EXTENDS)",
  'user-status-without-list':
    'the reference lists status.list without stating it is always there: a read-only run reports the omission, and fails it once the target memory saw the field in every answer',
};

/** The families of the classes issue 36 measures; every other family is of class other. */
const CLASS_FAMILIES: [readonly Fault[], FaultClass][] = [
  [DISAGREEING_FAULTS, 'disagreeing'],
  [MEANING_FAULTS, 'meaning'],
  [DEEP_FAULTS, 'hidden-deep'],
];

function classified(fault: Fault): Fault {
  const needsWrite = WRITE_ONLY[fault.name];
  const breaksGap = GAP_ONLY[fault.name];
  const faultClass = CLASS_FAMILIES.find(([family]) => family.includes(fault))?.[1] ?? 'other';
  return { ...fault, faultClass, ...(needsWrite ? { needsWrite } : {}), ...(breaksGap ? { breaksGap } : {}) };
}

/** Every named fault the mutation run plants, one at a time. */
export const FAULTS: readonly Fault[] = [
  ...SHAPE_FAULTS,
  ...NESTED_FAULTS,
  ...WIRE_FAULTS,
  ...ERROR_FAULTS,
  ...ACCESS_FAULTS,
  ...RULE_FAULTS,
  ...BEHAVIOUR_FAULTS,
  ...RACE_FAULTS,
  ...COMPLETENESS_FAULTS,
  ...HIDING_FAULTS,
  ...FINDINGS_FAULTS,
  ...EVASION_FAULTS,
  ...DISAGREEING_FAULTS,
  ...MEANING_FAULTS,
  ...DEEP_FAULTS,
  ...RELATION_FAULTS,
].map(classified);

/** Plants the named faults (the catalog's or a blind batch's) into the app; an unknown name is an error listing the known ones. */
export function installFaults(app: FastifyInstance, names: readonly string[]): void {
  const plantable: readonly Pick<Fault, 'name' | 'install'>[] = [...FAULTS, ...blindFaults()];
  for (const name of names) {
    const fault = plantable.find((f) => f.name === name);
    if (!fault) throw new Error(`unknown fault "${name}"; known: ${plantable.map((f) => f.name).join(', ')}`);
    fault.install(app);
  }
}
