import { loadSpec } from '../lib/checks/spec.ts';
import { answererOf, branchesOfHeld, type Injector } from '../lib/run-judge/held-answers.ts';
import { build, type MockOptions } from '../mock/app.ts';
import { heldReads, type UnlistedOperation, unlisted } from '../mock/held.ts';

/** What a mock's data holds for the run's two users: its reads and the answer branches they show. */
export interface HeldBranches {
  branches: string[];
  reads: number;
  unlisted: readonly UnlistedOperation[];
}

/** The mock's options from the flags a bench target starts it with (`--alternate --seed N --choice A=B`). */
export function mockOptionsOf(flags: readonly string[]): MockOptions {
  if (!flags.includes('--alternate')) return {};
  const valueAfter = (i: number) => flags[i + 1] ?? '';
  const seed = Number(flags.flatMap((f, i) => (f === '--seed' ? [valueAfter(i)] : []))[0] ?? 0);
  const force = Object.fromEntries(
    flags.flatMap((f, i) => (f === '--choice' ? [valueAfter(i).split('=') as [string, string]] : [])),
  );
  return { alternate: { seed, force } };
}

/**
 * The held branches of a mock built with `options`, answered on an in-process twin so a started server's
 * state and counters (transient refusals, arriving orders, messages marked read) stay as they were.
 */
export async function heldBranchesOf(options: MockOptions): Promise<HeldBranches> {
  const spec = loadSpec();
  const app = await build({ ...options, logger: false, shadow: false });
  try {
    const inject: Injector = async ({ url, headers }) => {
      const res = await app.inject({ method: 'GET', url, headers });
      return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
    };
    const answer = answererOf(inject, spec);
    const reads = await heldReads(app, answer);
    return { branches: await branchesOfHeld(spec, reads, answer), reads: reads.length, unlisted };
  } finally {
    await app.close();
  }
}
