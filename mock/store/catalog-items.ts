import type { LocationsStore } from './catalog-locations.ts';
import { readSeed } from './data.ts';

const DAY_MS = 86_400_000;

export interface ItemSeed {
  id: string;
  siteId: string;
  categoryId: string;
  title: string;
  price: number;
  currencyId: string;
  sellerId: number;
  powerSellerStatus: string | null;
  availableQuantity: number;
  soldQuantity: number;
  listingTypeId: string;
  condition: string;
  freeShipping: boolean;
  shippingMode: string;
  originalPrice: number | null;
  stopInDays: number;
  location: {
    addressLine: string;
    zipCode: string;
    neighborhoodId: string | null;
    cityId: string;
    latitude: number;
    longitude: number;
  };
  attributes: Record<string, unknown>[];
}

/** A closed latitude/longitude box: both bounds belong to it. */
export interface GeoRange {
  latMin: number;
  latMax: number;
  lonMin: number;
  lonMax: number;
}

interface ItemQuery {
  siteId: string;
  /** Matching category ids (a category and its descendants); undefined: any category. */
  categoryIds?: ReadonlySet<string>;
  range?: GeoRange;
  limit: number;
}

export interface ItemsStore {
  get(id: string): ItemSeed | undefined;
  all(): readonly ItemSeed[];
  categoryIds(): string[];
  search(query: ItemQuery): { total: number; results: Record<string, unknown>[] };
}

// SEARCH-LOCATION-RANGE: the mock filters item_location on location (the reference does not say which)
function inRange({ latitude, longitude }: ItemSeed['location'], range: GeoRange): boolean {
  return (
    latitude >= range.latMin &&
    latitude <= range.latMax &&
    longitude >= range.lonMin &&
    longitude <= range.lonMax
  );
}

function matches(item: ItemSeed, query: ItemQuery): boolean {
  if (item.siteId !== query.siteId) return false;
  if (query.categoryIds && !query.categoryIds.has(item.categoryId)) return false;
  return !query.range || inRange(item.location, query.range);
}

/** The items of the site search, rendered as search results with names taken from the locations store. */
export function createItemsStore(
  now: Date,
  locations: LocationsStore,
  seed = readSeed<{ items: ItemSeed[] }>('items.json'),
): ItemsStore {
  const byId = new Map(seed.items.map((item) => [item.id, item]));

  const render = (item: ItemSeed): Record<string, unknown> => {
    const city = locations.city(item.location.cityId);
    const neighborhood = item.location.neighborhoodId
      ? locations.neighborhood(item.location.neighborhoodId)
      : undefined;
    const place = {
      country: city?.country ?? null,
      state: city?.state ?? null,
      city: city ? { id: city.id, name: city.name } : null,
    };
    const { latitude, longitude, addressLine, zipCode } = item.location;
    return {
      id: item.id,
      site_id: item.siteId,
      title: item.title,
      subtitle: null,
      seller: {
        id: item.sellerId,
        power_seller_status: item.powerSellerStatus,
        car_dealer: false,
        real_estate_agency: false,
      },
      price: item.price,
      currency_id: item.currencyId,
      available_quantity: item.availableQuantity,
      sold_quantity: item.soldQuantity,
      buying_mode: 'buy_it_now',
      listing_type_id: item.listingTypeId,
      stop_time: new Date(now.getTime() + item.stopInDays * DAY_MS).toISOString(),
      condition: item.condition,
      permalink: `https://produto.example.test/${item.id}`,
      thumbnail: `https://img.example.test/${item.id}.jpg`,
      accepts_mercadopago: true,
      installments: {
        quantity: 10,
        amount: Math.round(item.price * 10) / 100,
        rate: 0,
        currency_id: item.currencyId,
      },
      address: {
        state_id: place.state?.id ?? '',
        state_name: place.state?.name ?? '',
        city_id: place.city?.id ?? '',
        city_name: place.city?.name ?? '',
        area_code: null,
        phone1: null,
      },
      shipping: { free_shipping: item.freeShipping, mode: item.shippingMode },
      seller_address: { id: '', comment: '', address_line: '', zip_code: '', ...place, latitude, longitude },
      seller_contact: {
        contact: '',
        other_info: '',
        area_code: '',
        phone: '',
        area_code2: '',
        phone2: '',
        email: '',
        webpage: '',
      },
      location: {
        address_line: addressLine,
        zip_code: zipCode,
        subneighborhood: null,
        neighborhood: neighborhood ? { id: neighborhood.id, name: neighborhood.name } : null,
        ...place,
        latitude,
        longitude,
      },
      attributes: item.attributes,
      original_price: item.originalPrice,
      category_id: item.categoryId,
    };
  };

  return {
    get: (id) => byId.get(id),
    all: () => seed.items,
    categoryIds: () => seed.items.map((item) => item.categoryId),
    search: (query) => {
      const found = seed.items.filter((item) => matches(item, query));
      return { total: found.length, results: found.slice(0, query.limit).map(render) };
    },
  };
}
