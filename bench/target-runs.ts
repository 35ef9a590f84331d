import { join } from 'node:path';
import { projectRoot } from '../lib/checks/spec.ts';
import { runCommandAsync } from '../lib/process/launch.ts';
import { freePort } from '../scripts/free-port.ts';
import { profileOfShape, writeProfile } from '../scripts/soak/profiles.ts';
import { type StartedServer, startServer } from '../scripts/soak/run.ts';

// The targets a staging team's run meets (issues 46, 47): the embedded mock and the alternate mock at
// each seed, each started apart and run as a foreign target with the seller and the buyer only, read-only.

export interface BenchTarget {
  /** `mock`, `alt 3`. */
  name: string;
  flags: string[];
}

/** `0-9` → 0..9; `4` → [4]. */
export function seedsOf(text: string): number[] {
  const [from, to] = text.split('-').map(Number) as [number, number | undefined];
  return Array.from({ length: (to ?? from) - from + 1 }, (_, i) => from + i);
}

export function benchTargets(seeds: readonly number[]): BenchTarget[] {
  return [
    { name: 'mock', flags: [] },
    ...seeds.map((seed) => ({ name: `alt ${seed}`, flags: ['--alternate', '--seed', String(seed)] })),
  ];
}

/** Where a bench's run of a target keeps its reports: `reports/<bench>/<target>`. */
export const targetReportsDir = (bench: string, target: BenchTarget) =>
  join(projectRoot, 'reports', bench, target.name.replace(' ', '-'));

/** Starts the target apart, hands it to `use`, and stops it whatever happens. */
export async function withStartedTarget<T>(
  bench: string,
  target: BenchTarget,
  use: (server: StartedServer) => Promise<T>,
): Promise<T> {
  const log = join('/tmp', `${bench}-${target.name.replace(' ', '-')}.log`);
  const server = await startServer(await freePort(), target.flags, log);
  try {
    return await use(server);
  } finally {
    server.stop();
  }
}

/** scripts/conformance.sh against the server with the two-user read-only profile; its exit status. */
export async function runSuiteOn(server: StartedServer, reportsDir: string): Promise<number | null> {
  const profile = writeProfile(profileOfShape('two', server.baseURL));
  const run = await runCommandAsync('bash', ['scripts/conformance.sh'], {
    env: {
      CI: '1',
      TARGET: profile,
      BASE_URL: server.baseURL,
      REPORTS_DIR: reportsDir,
      MOCK_BASE_URL: undefined,
    },
    timeoutMs: 900_000,
  });
  return run.status;
}

/** `run` over every target, `parallel` at a time; the results in the targets' order. */
export async function inLanes<R>(
  targets: readonly BenchTarget[],
  parallel: number,
  run: (target: BenchTarget) => Promise<R>,
): Promise<R[]> {
  const queue = targets.map((target, i) => ({ target, i }));
  const done: R[] = [];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) done[next.i] = await run(next.target);
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, lane));
  return done;
}
