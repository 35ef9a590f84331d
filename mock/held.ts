import type { FastifyInstance } from 'fastify';
import { catalogAreaReads } from './held/catalog.ts';
import { orderAreaReads } from './held/orders.ts';
import { packAreaReads } from './held/packs.ts';
import type { HeldAnswer, HeldContext, HeldRead, HeldUser, UnlistedOperation } from './held/types.ts';

export type { HeldAnswer, HeldRead, UnlistedOperation } from './held/types.ts';

// What the mock's data holds (issue 47): every documented GET read the users of a staging run (the seller
// and the buyer of fixtures/targets/mock.json) may make. The engine answers and walks them
// (lib/run-judge/held-answers.ts) on an in-process twin: bench/held.ts.

/** The users of a staging run: the profile `two` of scripts/soak/profiles.ts. */
const RUN_USERS: readonly Pick<HeldUser, 'role' | 'id'>[] = [
  { role: 'seller', id: 2001 },
  { role: 'buyer', id: 3001 },
];

/** The GET operations the held list does not enumerate. Every one is enumerated today. */
export const unlisted: readonly UnlistedOperation[] = [];

function runUsersOf(app: FastifyInstance): HeldUser[] {
  return RUN_USERS.flatMap(({ role, id }) => {
    const user = app.world.users.byId(id);
    return user ? [{ role, id, token: user.token, siteId: user.site_id }] : [];
  });
}

/**
 * Every documented GET read the run's users may make on the app's data; `answer` answers the first page
 * of a listing, whose paging says how many pages there are.
 */
export async function heldReads(
  app: FastifyInstance,
  answer: (read: HeldRead) => Promise<HeldAnswer>,
): Promise<HeldRead[]> {
  const ctx: HeldContext = { world: app.world, users: runUsersOf(app), answer };
  const [orders, packs] = await Promise.all([orderAreaReads(ctx), packAreaReads(ctx)]);
  return [...orders, ...packs, ...catalogAreaReads(ctx)];
}
