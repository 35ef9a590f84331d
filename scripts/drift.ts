/**
 * npm run drift -- --target <profile> [--fail-on-difference] [--seed N] [--runs N] [--fault NAME ...]
 * The same read calls on the embedded mock and on the target; reports/drift.html and drift.json.
 * The target is named as the conformance run names it: `--target`, else `TARGET=` (with `BASE_URL=`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadSpec, projectRoot } from '../lib/checks/spec.ts';
import { loadProfile } from '../lib/profile/load.ts';
import { withDiscovery } from './drift/discovered.ts';
import { type EmbeddedMock, startEmbeddedMock } from './drift/embedded.ts';
import { closingLine, groupDifferences, summarize } from './drift/groups.ts';
import { toReport, writeDriftReport } from './drift/report.ts';
import type { RoleSource } from './drift/roles.ts';
import { runDrift } from './drift/run.ts';

const USAGE =
  'usage: npm run drift -- --target <profile name or path> [--fail-on-difference] [--seed N] [--runs N] [--fault NAME ...]\n' +
  '   or: TARGET=<profile name or path> [BASE_URL=<url>] npm run drift -- [options]';

function options() {
  const { values } = parseArgs({
    options: {
      target: { type: 'string' },
      'fail-on-difference': { type: 'boolean', default: false },
      seed: { type: 'string', default: process.env.FC_SEED ?? '20261122' },
      runs: { type: 'string', default: '8' },
      fault: { type: 'string', multiple: true, default: [] },
    },
  });
  const seed = Number(values.seed);
  const runs = Number(values.runs);
  const target = values.target || process.env.TARGET;
  if (!target) throw new Error(`--target or TARGET= is required\n${USAGE}`);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got ${values.seed}`);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a positive integer, got ${values.runs}`);
  return {
    target,
    failOnDifference: values['fail-on-difference'],
    seed,
    runs,
    faults: values.fault,
  };
}

function mockProfile(baseURL: string): RoleSource {
  const raw = JSON.parse(readFileSync(join(projectRoot, 'fixtures', 'targets', 'mock.json'), 'utf8'));
  return { ...raw, name: 'embedded mock', baseURL };
}

/** The target profile; a mock profile without BASE_URL means a second embedded mock, with the faults planted. */
async function targetOf(name: string, faults: string[], started: EmbeddedMock[]): Promise<RoleSource> {
  const env = { ...process.env, TARGET: name, MOCK_BASE_URL: undefined };
  const profile = loadProfile(env);
  if (!profile.isMock || process.env.BASE_URL) {
    if (faults.length) throw new Error('--fault plants faults in an embedded mock target only');
    const resolved = await withDiscovery(profile);
    console.log(resolved.summary);
    return resolved.profile;
  }
  const faulted = await startEmbeddedMock(faults);
  started.push(faulted);
  return {
    ...profile,
    name: faults.length ? `mock with ${faults.join(', ')}` : profile.name,
    baseURL: faulted.baseURL,
  };
}

async function main(): Promise<number> {
  const args = options();
  const started: EmbeddedMock[] = [];
  try {
    const reference = await startEmbeddedMock();
    started.push(reference);
    const target = await targetOf(args.target, args.faults, started);
    const run = await runDrift({
      spec: loadSpec(),
      mock: mockProfile(reference.baseURL),
      target,
      sampling: { seed: args.seed, runs: args.runs },
    });
    const groups = groupDifferences(run);
    const summary = summarize(run, groups);
    const dir = process.env.REPORTS_DIR ?? join(projectRoot, 'reports');
    const html = writeDriftReport(dir, toReport(run, groups, summary));
    for (const group of groups) {
      const verdict = group.verdict.decided
        ? `${group.verdict.requirement}, broken by the ${group.verdict.breaks}`
        : 'reference silent';
      console.log(run.redact(`- ${group.operationId} ${group.kind} (${verdict}): ${group.summary}`));
    }
    console.log(`drift report: ${html} (${run.calls} calls, seed ${args.seed})`);
    console.log(closingLine(summary));
    return args.failOnDifference && summary.differences > 0 ? 1 : 0;
  } finally {
    await Promise.all(started.map((mock) => mock.close()));
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  // A broken profile or argument: one line naming it (ProfileError messages already do).
  console.error((error as Error).message);
  process.exitCode = 2;
}
