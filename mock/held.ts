import type { FastifyInstance } from 'fastify';
import { loadSpec, type Spec } from '../lib/checks/spec.ts';
import { branchesOfAnswer } from '../lib/run-judge/branches.ts';
import { catalogAreaReads } from './held/catalog.ts';
import { answererOf } from './held/inject.ts';
import { orderAreaReads } from './held/orders.ts';
import { packAreaReads } from './held/packs.ts';
import type { HeldAnswer, HeldContext, HeldRead, HeldUser, UnlistedOperation } from './held/types.ts';

export type { HeldRead, UnlistedOperation } from './held/types.ts';

// What the mock's data holds (issue 47): every documented GET read the users of a staging run (the seller
// and the buyer of fixtures/targets/mock.json) may make, and the answer branches those reads show.

/** The users of a staging run: the profile `two` of scripts/soak/profiles.ts. */
const RUN_USERS: readonly Pick<HeldUser, 'role' | 'id'>[] = [
  { role: 'seller', id: 2001 },
  { role: 'buyer', id: 3001 },
];

/** The GET operations the held list does not enumerate. Every one is enumerated today. */
export const unlisted: readonly UnlistedOperation[] = [];

export interface HeldBranches {
  branches: string[];
  reads: number;
  unlisted: readonly UnlistedOperation[];
}

let loaded: Spec | undefined;
/** The spec, loaded on the first held list: the mock starts without it. */
const specOf = () => {
  loaded ??= loadSpec();
  return loaded;
};

function runUsersOf(app: FastifyInstance): HeldUser[] {
  return RUN_USERS.flatMap(({ role, id }) => {
    const user = app.world.users.byId(id);
    return user ? [{ role, id, token: user.token, siteId: user.site_id }] : [];
  });
}

function contextOf(app: FastifyInstance, answer: (read: HeldRead) => Promise<HeldAnswer>): HeldContext {
  return { world: app.world, users: runUsersOf(app), answer };
}

async function readsOf(ctx: HeldContext): Promise<HeldRead[]> {
  const [orders, packs] = await Promise.all([orderAreaReads(ctx), packAreaReads(ctx)]);
  return [...orders, ...packs, ...catalogAreaReads(ctx)];
}

/** Every documented GET read the run's users may make on the app's data (paging asks the app for page sizes). */
export function heldReads(app: FastifyInstance): Promise<HeldRead[]> {
  return readsOf(contextOf(app, answererOf(app, specOf())));
}

/** The branch keys of the 2xx JSON answers of every held read, walked and keyed as the run does. */
export async function heldBranches(app: FastifyInstance): Promise<HeldBranches> {
  const spec = specOf();
  const answer = answererOf(app, spec);
  const reads = await readsOf(contextOf(app, answer));
  const answers = await Promise.all(reads.map(answer));
  const branches = new Set(
    answers.flatMap((a, i) => branchesOfAnswer(spec, reads[i]?.operationId ?? '', a.status, a.body)),
  );
  return { branches: [...branches].sort(), reads: reads.length, unlisted };
}

/**
 * GET /__mock/held-branches: the held branches, computed once on a fresh twin of the app so the live
 * app's state and counters (transient refusals, arriving orders, reads marked read) stay as they were.
 */
export function installHeldBranches(app: FastifyInstance, twin: () => Promise<FastifyInstance>): void {
  let held: Promise<HeldBranches> | undefined;
  app.get('/__mock/held-branches', () => {
    held ??= twin().then(async (copy) => {
      try {
        return await heldBranches(copy);
      } finally {
        await copy.close();
      }
    });
    held.catch(() => {
      held = undefined;
    });
    return held;
  });
}
