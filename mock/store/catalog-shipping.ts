import type { ItemSeed } from './catalog-items.ts';
import type { LocationsStore } from './catalog-locations.ts';
import { readSeed } from './data.ts';

const HOUR_MS = 3_600_000;
/** The offset of the reference's examples (-03:00). */
const OFFSET_MINUTES = -180;

interface ZipSeed {
  zipCode: string;
  cityId: string;
  address: string | null;
  neighborhood: string | null;
  type: string;
  typeDescription: string;
}

interface DeliverySeed {
  type: 'known' | 'known_frame' | 'unknown' | 'unknown_frame';
  handling: number | null;
  shipping: number;
  offsetShipping?: number;
  timeFrame?: { from: string; to: string };
  payBeforeHours?: number;
}

interface OptionSeed {
  id: number;
  name: string;
  shipping_method_id: number;
  shipping_method_type: string;
  shipping_option_type: string;
  display: string;
  tracks_shipments_status: string;
  base_cost: number;
  list_cost: number;
  cost: number;
  discount: Record<string, unknown>;
  delivery: DeliverySeed;
}

interface ShippingSeed {
  appVersion: string;
  dataVersion: string;
  buyer: { loyalty_level: number; shipping_level: string };
  zipCodes: ZipSeed[];
  options: OptionSeed[];
}

export interface ShippingStore {
  /** The destination of a zip code, or undefined when the zip code is unknown. */
  byZip(zipCode: string): Record<string, unknown> | undefined;
  /** The destination of a city (its first zip code), or undefined when the city is unknown. */
  byCity(cityId: string): Record<string, unknown> | undefined;
  /** Every known destination, as the zip code and the city of the seed's zip codes. */
  destinations(): { zipCode: string; cityId: string }[];
  options(item: ItemSeed, destination: Record<string, unknown>, buyerId: number): Record<string, unknown>;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An ISO 8601 timestamp with the -03:00 offset. */
export function isoWithOffset(epochMs: number): string {
  const local = new Date(epochMs + OFFSET_MINUTES * 60_000);
  const day = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  return `${day}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}-03:00`;
}

/**
 * The delivery promise of a template: dates exist only when the handling time is known
 * (SHIP-EDT-TYPES, SHIP-EDT-HANDLING, SHIP-EDT-DATE-IF-HANDLING, SHIP-EDT-BUSINESS-RANGE).
 */
function estimatedDeliveryTime(delivery: DeliverySeed, now: Date): Record<string, unknown> {
  const at = (hours: number) => isoWithOffset(now.getTime() + hours * HOUR_MS);
  const known = delivery.handling !== null;
  const start = known ? delivery.handling! + delivery.shipping : 0;
  const offsetShipping = delivery.offsetShipping ?? null;
  return {
    type: delivery.type,
    date: known ? at(start) : null,
    unit: 'hour',
    shipping: delivery.shipping,
    handling: delivery.handling,
    offset: {
      date: known && offsetShipping !== null ? at(start + offsetShipping) : null,
      shipping: offsetShipping,
    },
    time_frame: { from: delivery.timeFrame?.from ?? null, to: delivery.timeFrame?.to ?? null },
    pay_before: delivery.payBeforeHours === undefined ? null : at(delivery.payBeforeHours),
    schedule: null,
  };
}

function renderOption(option: OptionSeed, currencyId: string, now: Date): Record<string, unknown> {
  const { delivery, ...fields } = option;
  const promise = estimatedDeliveryTime(delivery, now);
  return {
    ...fields,
    option_hash: `${option.id.toString(16)}${option.shipping_method_id.toString(16)}`,
    currency_id: currencyId,
    speed: { shipping: delivery.shipping, handling: delivery.handling ?? 48 },
    estimated_delivery: {
      date: promise.date,
      pay_before: promise.pay_before,
      time_from: delivery.timeFrame?.from ?? null,
      time_to: delivery.timeFrame?.to ?? null,
    },
    estimated_delivery_time: promise,
  };
}

/** Destinations by zip code or city, and the option templates applied to any item. */
export function createShippingStore(
  now: Date,
  locations: LocationsStore,
  seed = readSeed<ShippingSeed>('shipping.json'),
): ShippingStore {
  const destination = (zip: ZipSeed) => {
    const city = locations.city(zip.cityId);
    if (!city) return undefined;
    return {
      zip_code: zip.zipCode,
      city: { id: city.id, name: city.name },
      state: city.state,
      country: city.country,
      extended_attributes: {
        address: zip.address,
        owner_name: null,
        zip_code_type: { type: zip.type, description: zip.typeDescription },
        city_type: 'city',
        city_name: city.name,
        neighborhood: zip.neighborhood,
        status: 'active',
        version: seed.dataVersion,
      },
    };
  };
  const found = (zip: ZipSeed | undefined) => (zip ? destination(zip) : undefined);

  return {
    byZip: (zipCode) => found(seed.zipCodes.find((zip) => zip.zipCode === zipCode)),
    byCity: (cityId) => found(seed.zipCodes.find((zip) => zip.cityId === cityId)),
    destinations: () => seed.zipCodes.map(({ zipCode, cityId }) => ({ zipCode, cityId })),
    options: (item, to, buyerId) => ({
      destination: to,
      buyer: { id: buyerId, ...seed.buyer },
      options: seed.options.map((option) => renderOption(option, item.currencyId, now)),
      custom_message: { display_mode: null, reason: null },
      app_version: seed.appVersion,
    }),
  };
}
