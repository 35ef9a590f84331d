import { expectHot } from '../../../fixtures/index.ts';
import type { ApiClient } from '../../../lib/client/client.ts';
import { type BodyAt, bodyAt } from '../../../lib/client/typed.ts';

type LocationRead = 'getCountry' | 'getState' | 'getCity' | 'getNeighborhood';

/**
 * Reads a location the target named (from the profile or a listing) as the seller; ids are opaque and
 * sent as their text. A location the target itself showed must be readable: any other answer fails.
 */
export async function readLocation<O extends LocationRead>(
  api: ApiClient,
  operationId: O,
  path: Record<string, unknown>,
): Promise<BodyAt<O, 200>> {
  const ids = Object.fromEntries(Object.entries(path).map(([name, id]) => [name, String(id)]));
  const res = await api.call(operationId, { as: 'seller', path: ids });
  expectHot(res.status, `${res.label}: a location the target showed can be read`).toBe(200);
  return bodyAt(res, 200);
}
