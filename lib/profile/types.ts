import type { components as ProfileSchemaTypes } from '../generated/profile-types.ts';
/** The shape of a target profile: where the target is, who may call it, which ids tests use. */

export const USER_ROLES = [
  'seller',
  'seller2',
  'restricted',
  'buyer',
  'stranger',
  'unavailableSite',
] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ORDER_STATUSES = [
  'confirmed',
  'payment_required',
  'payment_in_process',
  'partially_paid',
  'paid',
  'cancelled',
  'invalid',
  'manually_cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

interface ProfileUser {
  id: number;
  token: string;
  siteId?: string;
}

interface OrdersIds {
  /** One order per status; seller is users.seller and buyer is users.buyer. */
  byStatus: Record<OrderStatus, number>;
  /** An order the target answers with 206 and X-Content-Missing. */
  partial: number;
  fraud: number;
  mshops: number;
  withPack: number;
  /** An order whose pack_id is null: its id serves as pack id. */
  withoutPack: number;
  withDiscounts: number;
  /** An order of users.seller and users.buyer whose product read lists attributes. */
  withAttributes: number;
  /** An order of users.buyer with another seller than users.seller: users.seller is outside it. */
  otherSeller: number;
  /** An integer id no order has. */
  unknown: number;
  /** An order created more than 12 months ago (mock only). */
  expired?: number;
  /** The oldest order of users.seller and users.buyer created within the 12 months kept. */
  oldest: number;
  /** shipping.id of orders.withPack. */
  shipment: number;
  currencies: { from: string; to: string };
}

interface FiscalIds {
  /** Packs of users.seller and users.buyer holding no documents, one per write test. */
  writablePacks: number[];
  /** A pack holding documents of users.seller and users.seller2, bought by users.buyer. */
  sharedPack: number;
  /** A pack of users.seller and users.buyer that holds no document and is never written. */
  emptyPack: number;
  /** A pack of users.seller and users.buyer where users.seller has documents; never written. */
  documentsPack: number;
  /** A pack of users.seller and users.seller2 where only users.seller has documents; never written. */
  halfPack: number;
  /** A pack of users.buyer none of whose orders is users.seller's: users.seller is outside it. */
  outsidePack: number;
}

export interface MessagingIds {
  siteId: string;
  applicationId: string;
  /** Conversation of users.seller and users.buyer with messages in it. */
  pack: number;
  /** A message of that conversation readable by both parties. */
  messageId: string;
  /** A message users.buyer sent in that conversation that moderation rejected. */
  rejectedMessageId: string;
  /** A conversation of users.seller and users.buyer whose messages carry attachments. */
  attachmentPack: number;
  /** Conversations of users.seller and users.buyer reserved for write tests. */
  writablePacks: number[];
  /** A conversation blocked because its order was cancelled. */
  blockedPack: number;
  /** A conversation with a mediation in process. */
  mediationPack: number;
  /** A purchase fulfilled by the platform and not yet delivered. */
  fulfilledPack: number;
}

export interface CatalogIds {
  siteId: string;
  countryId: string;
  stateId: string;
  cityId: string;
  cityWithoutNeighborhoods: string;
  neighborhoodId: string;
  rootCategory: string;
  leafCategory: string;
  search: { category: string; latMin: number; latMax: number; lonMin: number; lonMax: number };
  shippingItem: string;
  zipCode: string;
  cityTo: string;
}

/**
 * How the suite bears a target's rate limits (429/503); every field has a default. The pacer slows the
 * run on each limit answer; these bound the waits a refused call makes before it is sent again.
 */
export interface RateLimitPolicy {
  /**
   * Seconds the whole run (all workers) may spend waiting out 429/503 answers, before any call was
   * answered; default 60. The budget grows with the run: see budgetSecondsPer100Calls.
   */
  budgetSeconds?: number;
  /** Seconds of waiting the run earns for every 100 calls the target answered (not refused); default 10. */
  budgetSecondsPer100Calls?: number;
  /** Retries of one call after a 429/503 before it fails as "target rate-limited"; default none (the budget alone bounds waiting). */
  maxRetries?: number;
}

export interface TargetProfile {
  name: string;
  description?: string;
  baseURL: string;
  /** The base URL is itself a secret: reports, evidence and console show a placeholder instead. */
  secretBaseURL?: boolean;
  /** The embedded mock: enables @mock-only tests and the control surface. */
  isMock: boolean;
  /** Whether tests may send POST and DELETE. Off for anything that is not disposable. */
  allowsWrites: boolean;
  /** Requests per second of the whole run, all workers together; 0 means unlimited. */
  requestsPerSecond: number;
  rateLimit?: RateLimitPolicy;
  timeoutMs: number;
  /** Pages a completeness check reads of one listing (default 10); past it the listing is judged on what was read. */
  pageBudget?: number;
  /**
   * How an omission (a field the reference lists, without saying it is always present, absent)
   * counts: "fail", "report" (shown with evidence, not failed) or "remember" (reported, but a field
   * the memory shows in every answer of its operation fails as disappeared). Default: "fail" on the
   * mock, "remember" elsewhere.
   */
  omissions?: 'fail' | 'report' | 'remember';
  /**
   * The target's memory between runs (a JSON file, relative to the project root): which fields each
   * operation answered, written by every run; without it, production's captures serve as memory.
   */
  memory?: string;
  /** The target's known deviations (a JSON Lines file, relative to the project root); BASELINE overrides. */
  baseline?: string;
  /** Bounds of the discovery run before the tests (lib/discovery). */
  discovery?: DiscoveryLimits;
  users: Record<UserRole, ProfileUser>;
  orders: OrdersIds;
  fiscal: FiscalIds;
  messaging: MessagingIds;
  catalog: CatalogIds;
}

interface DiscoveryLimits {
  /** Requests discovery may send; 0 turns discovery off. */
  requestBudget: number;
  timeLimitMs: number;
}

/**
 * A profile as written: base URL, flags and the users `seller` and `buyer` are required; every other
 * user and id is optional, found on the target by discovery or reported "not verified" by the tests
 * that need it. The tests see it as a TargetProfile whose missing values skip them (target/needs.ts).
 * Generated from the profile JSON Schema (lib/profile/schema.ts) by scripts/gen-types.ts.
 */
export type ProfileInput = ProfileSchemaTypes['schemas']['TargetProfile'];
