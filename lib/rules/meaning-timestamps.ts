import type { Judgement } from '../judge/judgement.ts';
import { asked, isObject, verdict } from './meaning-kit.ts';
import type { Rule } from './rule.ts';

/** Any ISO 8601 offset form (Z, ±hh:mm, ±hhmm, ±hh) and fraction (. or ,); an offset or Z is required. */
export const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}([.,]\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** Fields the reference gives as timestamps or dates of events, wherever they stand. */
const TIMESTAMP_KEYS = new Set([
  'date_created',
  'date_closed',
  'expiration_date',
  'last_updated',
  'date_last_updated',
  'manufacturing_ending_date',
  'date_approved',
  'date_last_modified',
  'moderation_date',
  'creation_date',
  'date_received',
  'date_available',
  'date_notified',
  'date_read',
  'date_moderated',
  'status_date',
]);
/** Fields that are timestamps only under a parent: message_date.created, cancel_detail.date, a fiscal document's date. */
const UNDER: Record<string, Set<string>> = {
  message_date: new Set(['received', 'available', 'notified', 'created', 'read']),
  cancel_detail: new Set(['date']),
  fiscal_documents: new Set(['date']),
};

function walk(node: unknown, pointer: string, parent: string, out: [string, unknown][]): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      walk(item, `${pointer}/${i}`, parent, out);
    });
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (TIMESTAMP_KEYS.has(key) || UNDER[parent]?.has(key)) out.push([`${pointer}/${key}`, value]);
    else walk(value, `${pointer}/${key}`, key, out);
  }
}

/**
 * "Timestamps are ISO 8601 strings with an offset or with Z", on every timestamp of every answer: each
 * string held to the form; a null (nullable dates) says nothing; another type is not judged here (the
 * schema judges the fields it types).
 */
export const TIMESTAMPS_RULE: Rule = {
  requirements: ['GEN-TIMESTAMPS'],
  appliesTo: (exchange) => exchange.response.status >= 200 && exchange.response.status < 300,
  judge(exchange) {
    const found: [string, unknown][] = [];
    walk(exchange.response.body, '', '', found);
    return found.flatMap(([pointer, value]): Judgement[] =>
      typeof value === 'string'
        ? [
            verdict(
              'GEN-TIMESTAMPS',
              `${asked(exchange)} ${pointer}`,
              ISO_WITH_OFFSET.test(value)
                ? undefined
                : `${JSON.stringify(value)} is not ISO 8601 with an offset or Z`,
            ),
          ]
        : [],
    );
  },
};
