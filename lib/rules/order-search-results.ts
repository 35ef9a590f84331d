/**
 * An order search's results as the order-search rules read them (order-search-rules.ts): an order of an
 * untyped body, each field read where shown.
 */
import type { components } from '../generated/spec-read-types.ts';

type Schemas = components['schemas'];

export type Role = 'seller' | 'buyer';

/** A feedback record of an order (the reference lists its fields without a type: read where shown). */
export interface FeedbackRecord {
  status?: unknown;
  rating?: unknown;
  fulfilled?: unknown;
}

/**
 * The fields of an order the search rules read, as the spec documents them (lib/generated): a foreign
 * answer may leave any of them out, and `feedback`'s records and `mediations` are untyped there.
 */
export type FoundOrder = Partial<
  Pick<
    Schemas['Order'],
    | 'id'
    | 'status'
    | 'date_created'
    | 'date_closed'
    | 'date_last_updated'
    | 'last_updated'
    | 'tags'
    | 'order_items'
    | 'feedback'
    | 'mediations'
  >
> & {
  /** The parties, read through fieldOf: a 206 answers them as empty objects (X-Content-Missing). */
  seller?: unknown;
  buyer?: unknown;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field of a value the spec leaves untyped (undefined unless the value is an object that has it). */
export const fieldOf = (value: unknown, field: string): unknown =>
  isRecord(value) ? value[field] : undefined;

/** A feedback record as shown (null kept: an order may have none), undefined when not an object. */
export const feedbackRecord = (value: unknown): FeedbackRecord | null | undefined =>
  value === null ? null : isRecord(value) ? value : undefined;

/** The mediations an order shows, each as a record (stage, status: read where shown). */
export const mediationsOf = (order: FoundOrder): Record<string, unknown>[] | undefined =>
  order.mediations?.filter(isRecord);

/** The nickname of a party of an order, where shown. */
export const nicknameOf = (order: FoundOrder, party: Role): unknown => fieldOf(order[party], 'nickname');

/** Whether a value of an untyped body can be read as an order: an object (its fields read where shown). */
const isFoundOrder = (value: unknown): value is FoundOrder => isRecord(value);

/** A body's `results` array of orders: for a body that arrives untyped (a recorded exchange). */
export function ordersOf(body: unknown): FoundOrder[] {
  const results = fieldOf(body, 'results');
  return Array.isArray(results) ? results.filter(isFoundOrder) : [];
}

export const idsOf = (body: unknown): (number | undefined)[] => ordersOf(body).map((order) => order.id);
