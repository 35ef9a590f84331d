/**
 * The one adapter between a target profile and the drift run: it names the data a call needs by its
 * role ("the seller's paid order", "a leaf category") and finds that role's id in a profile. Both
 * sides of a drift run go through it, so the same call reaches each side with that side's own ids.
 */
import type { TargetProfile, UserRole } from '../../lib/profile/types.ts';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/**
 * What the adapter reads of a profile: any part may be missing. A full profile fits, and so does a
 * small one whose missing ids discovery filled (`resolveProfile` of lib/discovery).
 */
export type RoleSource = DeepPartial<TargetProfile> & { name: string; baseURL: string };

/** The ids a call can ask for, each named by what it is for, not where a profile keeps it. */
export interface Roles {
  paidOrder: number;
  confirmedOrder: number;
  cancelledOrder: number;
  partiallyPaidOrder: number;
  discountedOrder: number;
  unknownOrder: number;
  /** An order the target answers 206 with X-Content-Missing. */
  partialOrder: number;
  shipment: number;
  currencyFrom: string;
  currencyTo: string;
  /** A pack holding fiscal documents of the seller. */
  fiscalPack: number;
  /** A pack where the seller holds documents and seller2 none. */
  halfPack: number;
  /** A conversation of the seller and the buyer with messages in it. */
  conversation: number;
  messageId: string;
  /** A message of the buyer in that conversation that moderation rejected. */
  rejectedMessage: string;
  /** A conversation of the seller and the buyer that write calls may write to. */
  writableConversation: number;
  applicationId: string;
  messagingSite: string;
  site: string;
  country: string;
  state: string;
  city: string;
  cityWithoutNeighborhoods: string;
  neighborhood: string;
  rootCategory: string;
  leafCategory: string;
  searchCategory: string;
  searchBox: { latMin: number; latMax: number; lonMin: number; lonMax: number };
  shippingItem: string;
  zipCode: string;
  /** A city the shipping item ships to (city_to). */
  cityTo: string;
}

export type RoleName = keyof Roles;

/** Who calls: a user of the profile or nobody. */
export type CallerRole = UserRole | 'anonymous';

export interface SideData {
  roles: Partial<Roles>;
  users: Partial<Record<UserRole, { id: number; token: string }>>;
}

function defined<T extends object>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function searchBoxOf(profile: RoleSource): Roles['searchBox'] | undefined {
  const box = profile.catalog?.search;
  if (box?.latMin === undefined || box.latMax === undefined) return undefined;
  if (box.lonMin === undefined || box.lonMax === undefined) return undefined;
  return { latMin: box.latMin, latMax: box.latMax, lonMin: box.lonMin, lonMax: box.lonMax };
}

/** Every role the profile fills; a role it lacks is absent, and calls that need it are not compared. */
function rolesOf(profile: RoleSource): Partial<Roles> {
  const { orders, fiscal, messaging, catalog } = profile;
  return defined<Roles>({
    paidOrder: orders?.byStatus?.paid,
    confirmedOrder: orders?.byStatus?.confirmed,
    cancelledOrder: orders?.byStatus?.cancelled,
    partiallyPaidOrder: orders?.byStatus?.partially_paid,
    discountedOrder: orders?.withDiscounts,
    unknownOrder: orders?.unknown,
    partialOrder: orders?.partial,
    shipment: orders?.shipment,
    currencyFrom: orders?.currencies?.from,
    currencyTo: orders?.currencies?.to,
    fiscalPack: fiscal?.sharedPack,
    halfPack: fiscal?.halfPack,
    conversation: messaging?.pack,
    messageId: messaging?.messageId,
    rejectedMessage: messaging?.rejectedMessageId,
    writableConversation: messaging?.writablePacks?.[0],
    applicationId: messaging?.applicationId,
    messagingSite: messaging?.siteId,
    site: catalog?.siteId,
    country: catalog?.countryId,
    state: catalog?.stateId,
    city: catalog?.cityId,
    cityWithoutNeighborhoods: catalog?.cityWithoutNeighborhoods,
    neighborhood: catalog?.neighborhoodId,
    rootCategory: catalog?.rootCategory,
    leafCategory: catalog?.leafCategory,
    searchCategory: catalog?.search?.category,
    searchBox: searchBoxOf(profile),
    shippingItem: catalog?.shippingItem,
    zipCode: catalog?.zipCode,
    cityTo: catalog?.cityTo,
  } as Roles);
}

/** The users of a profile that have both an id and a token. */
function usersOf(profile: RoleSource): SideData['users'] {
  const users: SideData['users'] = {};
  for (const [role, user] of Object.entries(profile.users ?? {})) {
    if (user?.id !== undefined && user.token) users[role as UserRole] = { id: user.id, token: user.token };
  }
  return users;
}

export function sideDataOf(profile: RoleSource): SideData {
  return { roles: rolesOf(profile), users: usersOf(profile) };
}

/** The tokens of a profile, for the redactor. */
export function tokensOf(profile: RoleSource): string[] {
  return Object.values(profile.users ?? {})
    .map((user) => user?.token)
    .filter((token): token is string => typeof token === 'string');
}
