import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../lib/checks/spec.ts';
import { profilePath } from '../lib/profile/load.ts';
import { drawChoices } from '../mock/alternate/index.ts';
import { FAULTS } from '../mock/faults/catalog.ts';
import { freePort } from './free-port.ts';
import { describeNight, describeNights, soakNights } from './soak/nights.ts';
import {
  PROFILE_SHAPES,
  type ProfileShape,
  profileOfShape,
  SHAPE_MEANING,
  writeProfile,
} from './soak/profiles.ts';
import { runConformance, type StartedServer, startServer } from './soak/run.ts';

// The standing guard against false alarms: the conformance projects run again and again with new
// seeds (fast-check's, and the alternate mock's choices) against a faithful target that makes the
// other choices the reference allows. Any failure is a false alarm of the suite (or a bug of the
// alternate mock): each is printed with the seed and the command that replays it.

const usage =
  'usage: npm run soak -- [--runs 20] [--seed 1] [--profiles two,users,full,two-writes,full-writes] [--target PROFILE]\n' +
  '                      [--grep PATTERN] [--choice NAME=VARIANT ...]\n' +
  '       npm run soak -- --nights 5 [--seed 1] [--fault NAME --fault-from 4] [--grep PATTERN]';

interface SoakOptions {
  runs: number;
  seed: number;
  shapes: ProfileShape[];
  target?: string;
  /** Only the tests whose title matches (Playwright's --grep): a cheap slice, or the replay of one test. */
  grep?: string;
  /** Variants pinned whatever the seed draws (the mock's --choice), to replay one choice. */
  choices: string[];
  /** The nightly mode: one server shape, one memory file, a new seed each night. */
  nights?: number;
  fault?: string;
  faultFrom: number;
}

function options(): SoakOptions {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '20' },
      seed: { type: 'string', default: '1' },
      profiles: { type: 'string', default: PROFILE_SHAPES.join(',') },
      target: { type: 'string' },
      grep: { type: 'string' },
      choice: { type: 'string', multiple: true, default: [] },
      nights: { type: 'string' },
      fault: { type: 'string' },
      'fault-from': { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const seed = Number(values.seed);
  const shapes = values.profiles.split(',').filter(Boolean) as ProfileShape[];
  const unknown = shapes.find((shape) => !PROFILE_SHAPES.includes(shape));
  if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a positive integer, got ${values.runs}`);
  if (!Number.isInteger(seed)) fail(`--seed must be an integer, got ${values.seed}`);
  if (unknown || shapes.length === 0) fail(`--profiles: unknown shape ${unknown ?? '(none)'}`);
  const nights = values.nights === undefined ? undefined : Number(values.nights);
  const faultFrom = Number(values['fault-from'] ?? nights ?? 1);
  if (nights !== undefined && (!Number.isInteger(nights) || nights < 1))
    fail(`--nights must be a positive integer, got ${values.nights}`);
  if (values.fault && !FAULTS.some((fault) => fault.name === values.fault))
    fail(`--fault: no planted fault named ${values.fault} (mock/faults)`);
  if (!Number.isInteger(faultFrom) || faultFrom < 1)
    fail(`--fault-from must be a night number, got ${values['fault-from']}`);
  return {
    runs,
    seed,
    shapes,
    target: values.target,
    grep: values.grep,
    choices: values.choice,
    nights,
    fault: values.fault,
    faultFrom,
  };
}

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

interface RunSummary {
  seed: number;
  profile: string;
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
  /** What the alternate mock drew for this seed, the variants other than the mock's own (empty with --target). */
  choices: string[];
  replay: string;
}

/** The variants a seed draws that differ from the default mock's, as NAME=VARIANT (what a failure may owe to). */
function drawnOf(seed: number, pinned: string[]): string[] {
  const forced = new Map(pinned.map((text) => text.split('=') as [string, string]));
  return drawChoices(seed)
    .map(({ name, variant }) => `${name}=${forced.get(name) ?? variant}`)
    .filter((pair) => !pair.endsWith('=mock'));
}

function replayCommand(seed: number, shape: ProfileShape | undefined, opts: SoakOptions): string {
  const where = opts.target ? `--target ${opts.target}` : `--profiles ${shape}`;
  const pins = opts.choices.map((pair) => ` --choice ${pair}`).join('');
  const grep = opts.grep ? ` --grep '${opts.grep}'` : '';
  return `npm run soak -- --runs 1 --seed ${seed} ${where}${pins}${grep}`;
}

/** One run: a fresh alternate mock drawn with this seed (unless a target is given), the suite with the same seed. */
async function soakOnce(
  seed: number,
  shape: ProfileShape,
  opts: SoakOptions,
  dir: string,
): Promise<RunSummary> {
  mkdirSync(dir, { recursive: true });
  let server: StartedServer | undefined;
  let profile: string;
  let baseURL: string | undefined;
  if (opts.target) {
    profile = profilePath(opts.target);
  } else {
    server = await startServer(
      await freePort(),
      ['--alternate', '--seed', String(seed), ...opts.choices.flatMap((pair) => ['--choice', pair])],
      join(dir, 'mock.log'),
    );
    baseURL = server.baseURL;
    profile = writeProfile(profileOfShape(shape, baseURL));
  }
  try {
    const outcome = runConformance(baseURL ?? '', profile, seed, dir, opts.grep);
    const failedTests = outcome.tests.filter((t) => t.outcome === 'failed');
    return {
      seed,
      profile: opts.target ?? shape,
      passed: outcome.tests.filter((t) => t.outcome === 'passed').length,
      failed: failedTests.length + outcome.errors.length,
      skipped: outcome.tests.filter((t) => t.outcome === 'skipped').length,
      failures: [
        ...outcome.errors.map((error) => `outside the tests: ${error}`),
        ...failedTests.map((t) => `${t.file} › ${t.title}: ${t.error ?? ''}`),
      ],
      choices: opts.target ? [] : drawnOf(seed, opts.choices),
      replay: replayCommand(seed, shape, opts),
    };
  } finally {
    server?.stop();
  }
}

async function nightly(opts: SoakOptions, root: string): Promise<number> {
  const outcomes = await soakNights({ ...opts, nights: opts.nights ?? 1, root });
  for (const night of outcomes) {
    console.log(describeNight(night, opts.fault));
    if (!night.asExpected) console.log(night.lastLines.replace(/^/gm, '    '));
  }
  writeFileSync(join(root, 'nights.json'), JSON.stringify(outcomes, null, 2));
  console.log(describeNights(outcomes));
  const wrong = outcomes.filter((night) => !night.asExpected);
  return wrong.length > 0 ? 1 : 0;
}

async function main(): Promise<number> {
  const opts = options();
  const root = join(process.env.REPORTS_DIR ?? join(projectRoot, 'reports'), 'soak');
  rmSync(root, { recursive: true, force: true });
  if (opts.nights !== undefined) return nightly(opts, root);
  const summaries: RunSummary[] = [];
  for (let i = 0; i < opts.runs; i += 1) {
    const seed = opts.seed + i;
    const shape = opts.shapes[i % opts.shapes.length] as ProfileShape;
    const summary = await soakOnce(seed, shape, opts, join(root, `seed-${seed}`));
    summaries.push(summary);
    const meaning = opts.target ? `target ${opts.target}` : `${shape}: ${SHAPE_MEANING[shape]}`;
    console.log(
      `seed ${seed} (${meaning}): ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`,
    );
    for (const failure of summary.failures) console.log(`  ✗ ${failure}`);
    if (summary.failed > 0) {
      console.log(`  drawn: ${summary.choices.join(' ') || '(a target of its own)'}`);
      console.log(`  replay: ${summary.replay}`);
      if (!opts.target) console.log(`  the server alone: npm run mock -- --alternate --seed ${seed}`);
    }
  }
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'summary.json'), JSON.stringify(summaries, null, 2));
  const failedRuns = summaries.filter((s) => s.failed > 0);
  const tests = summaries.reduce((sum, s) => sum + s.passed + s.failed, 0);
  console.log(
    `soak: ${summaries.length} runs, ${tests} test results, ${failedRuns.length} runs with failures` +
      (failedRuns.length ? ` (seeds ${failedRuns.map((s) => s.seed).join(', ')})` : ''),
  );
  return failedRuns.length > 0 ? 1 : 0;
}

process.exit(await main());
