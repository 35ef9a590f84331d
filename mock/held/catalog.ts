import type { CatalogStore } from '../store/catalog.ts';
import { type HeldContext, type HeldRead, type HeldUser, segment, urlOf } from './types.ts';

type Found = [operationId: string, url: string];

/** Every place below the countries, walked down through each parent's children. */
function locationReads(catalog: CatalogStore): Found[] {
  const { locations } = catalog;
  const countries = locations.countries().map((c) => c.id);
  const states = countries.flatMap((id) => locations.country(id)?.states ?? []).map((s) => s.id);
  const cities = states.flatMap((id) => locations.state(id)?.cities ?? []).map((c) => c.id);
  const neighborhoods = cities.flatMap((id) => locations.city(id)?.neighborhoods ?? []).map((n) => n.id);
  const base = '/classified_locations';
  return [
    ['listCountries', `${base}/countries`],
    ...countries.map((id): Found => ['getCountry', `${base}/countries/${segment(id)}`]),
    ...states.map((id): Found => ['getState', `${base}/states/${segment(id)}`]),
    ...cities.map((id): Found => ['getCity', `${base}/cities/${segment(id)}`]),
    ...neighborhoods.map((id): Found => ['getNeighborhood', `${base}/neighborhoods/${segment(id)}`]),
  ];
}

/** A site's categories, from its roots down through each category's children. */
function categoriesOf(catalog: CatalogStore, siteId: string): string[] {
  const found: string[] = [];
  const visit = (id: string) => {
    if (found.includes(id)) return;
    found.push(id);
    for (const child of catalog.categories.category(id)?.children_categories ?? []) visit(child.id);
  };
  for (const root of catalog.categories.siteCategories(siteId)) visit(root.id);
  return found;
}

/**
 * Per site of the run's users (the sites a run can know of): its categories, each category and its
 * attributes, the site search over all and over each category.
 */
function categoryReads(catalog: CatalogStore, sites: ReadonlySet<string>): Found[] {
  return catalog.categories
    .sites()
    .filter((siteId) => sites.has(siteId))
    .flatMap((siteId) => {
      const categories = categoriesOf(catalog, siteId);
      const search = `/sites/${segment(siteId)}/search`;
      return [
        ['listSiteCategories', `/sites/${segment(siteId)}/categories`],
        ['searchSiteItems', search],
        ...categories.flatMap((id): Found[] => [
          ['getCategory', `/categories/${segment(id)}`],
          ['getCategoryAttributes', `/categories/${segment(id)}/attributes`],
          ['searchSiteItems', urlOf(search, { category: id })],
        ]),
      ];
    });
}

/** Each item's shipping options to every destination the store knows, by zip code and by city. */
function shippingReads(catalog: CatalogStore): Found[] {
  const destinations = catalog.shipping.destinations();
  const queries = [
    ...new Set(destinations.map((d) => urlOf('', { zip_code: d.zipCode }))),
    ...new Set(destinations.map((d) => urlOf('', { city_to: d.cityId }))),
  ];
  return catalog.items
    .all()
    .flatMap((item) =>
      queries.map(
        (query): Found => ['getShippingOptions', `/items/${segment(item.id)}/shipping_options${query}`],
      ),
    );
}

/** The catalog's reads, the same for every user: each made with each user's token. */
export function catalogAreaReads(ctx: HeldContext): HeldRead[] {
  const { catalog } = ctx.world;
  const sites = new Set(ctx.users.map((user) => user.siteId));
  const found = [...locationReads(catalog), ...categoryReads(catalog, sites), ...shippingReads(catalog)];
  return ctx.users.flatMap((user: HeldUser) =>
    found.map(([operationId, url]) => ({ operationId, url, token: user.token })),
  );
}
