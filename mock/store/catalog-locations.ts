import { readSeed } from './data.ts';

interface Point {
  latitude: number;
  longitude: number;
}

interface CountrySeed extends Point {
  id: string;
  name: string;
  locale: string;
  currency_id: string;
  decimal_separator: string;
  thousands_separator: string;
  time_zone: string;
}

interface NamedSeed extends Point {
  id: string;
  name: string;
}

export interface LocationsSeed {
  countries: CountrySeed[];
  states: (NamedSeed & { countryId: string })[];
  cities: (NamedSeed & { stateId: string })[];
  neighborhoods: (NamedSeed & { cityId: string })[];
}

export interface IdName {
  id: string;
  name: string;
}

interface GeoInformation {
  location: Point;
}

export interface CountrySummary {
  id: string;
  name: string;
  locale: string;
  currency_id: string;
}

export interface Country extends CountrySummary {
  decimal_separator: string;
  thousands_separator: string;
  time_zone: string;
  geo_information: GeoInformation;
  states: IdName[];
}

export interface State extends IdName {
  country: IdName;
  geo_information: GeoInformation;
  cities: IdName[];
}

export interface City extends IdName {
  state: IdName;
  country: IdName;
  geo_information: GeoInformation;
  neighborhoods: IdName[];
}

export interface Neighborhood extends IdName {
  city: IdName;
  state: IdName;
  country: IdName;
  geo_information: GeoInformation;
  subneighborhoods: unknown[];
}

export interface LocationsStore {
  countries(): CountrySummary[];
  country(id: string): Country | undefined;
  state(id: string): State | undefined;
  city(id: string): City | undefined;
  neighborhood(id: string): Neighborhood | undefined;
}

const idName = ({ id, name }: IdName): IdName => ({ id, name });
const geo = ({ latitude, longitude }: Point): GeoInformation => ({ location: { latitude, longitude } });

function byId<T extends { id: string }>(list: T[]): Map<string, T> {
  return new Map(list.map((entry) => [entry.id, entry]));
}

function childrenOf<T extends IdName>(list: T[], isChild: (entry: T) => boolean): IdName[] {
  return list.filter(isChild).map(idName);
}

/** Countries, states, cities and neighborhoods; each parent's children are derived from the children's parent ids. */
export function createLocationsStore(seed = readSeed<LocationsSeed>('locations.json')): LocationsStore {
  const countries = byId(seed.countries);
  const states = byId(seed.states);
  const cities = byId(seed.cities);
  const neighborhoods = byId(seed.neighborhoods);

  const state = (id: string): State | undefined => {
    const found = states.get(id);
    const country = found && countries.get(found.countryId);
    if (!found || !country) return undefined;
    const cities_ = childrenOf(seed.cities, (city) => city.stateId === id);
    return { ...idName(found), country: idName(country), geo_information: geo(found), cities: cities_ };
  };

  const city = (id: string): City | undefined => {
    const found = cities.get(id);
    const parent = found && state(found.stateId);
    if (!found || !parent) return undefined;
    return {
      ...idName(found),
      state: idName(parent),
      country: parent.country,
      geo_information: geo(found),
      neighborhoods: childrenOf(seed.neighborhoods, (n) => n.cityId === id),
    };
  };

  return {
    countries: () =>
      seed.countries.map(({ id, name, locale, currency_id }) => ({ id, name, locale, currency_id })),
    country: (id) => {
      const found = countries.get(id);
      if (!found) return undefined;
      const { latitude: _lat, longitude: _lon, ...fields } = found;
      return {
        ...fields,
        geo_information: geo(found),
        states: childrenOf(seed.states, (s) => s.countryId === id),
      };
    },
    state,
    city,
    neighborhood: (id) => {
      const found = neighborhoods.get(id);
      const parent = found && city(found.cityId);
      if (!found || !parent) return undefined;
      const { state: parentState, country } = parent;
      return {
        ...idName(found),
        city: idName(parent),
        state: parentState,
        country,
        geo_information: geo(found),
        subneighborhoods: [],
      };
    },
  };
}
