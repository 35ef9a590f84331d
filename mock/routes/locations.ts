import type { FastifyPluginAsync } from 'fastify';
import { optionalUser } from '../auth.ts';
import { notFound } from '../errors.ts';
import { pathParam } from '../http.ts';
import { checkId } from './catalog-params.ts';

/** Classified locations: public reads, answered with or without a token (whether one is required is not shown). */
const locationsRoutes: FastifyPluginAsync = async (app) => {
  const locations = () => app.world.catalog.locations;
  const found = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw notFound(`${what} not found`);
    return value;
  };

  app.get('/classified_locations/countries', async (request) => {
    optionalUser(request);
    return locations().countries();
  });

  app.get('/classified_locations/countries/:country_id', async (request) => {
    optionalUser(request);
    const id = checkId(pathParam(request, 'country_id'), 'country');
    return found(locations().country(id), 'Country');
  });

  app.get('/classified_locations/states/:state_id', async (request) => {
    optionalUser(request);
    const id = checkId(pathParam(request, 'state_id'), 'opaque');
    return found(locations().state(id), 'State');
  });

  app.get('/classified_locations/cities/:city_id', async (request) => {
    optionalUser(request);
    const id = checkId(pathParam(request, 'city_id'), 'opaque');
    return found(locations().city(id), 'City');
  });

  app.get('/classified_locations/neighborhoods/:neighborhood_id', async (request) => {
    optionalUser(request);
    const id = checkId(pathParam(request, 'neighborhood_id'), 'opaque');
    return found(locations().neighborhood(id), 'Neighborhood');
  });
};

export default locationsRoutes;
