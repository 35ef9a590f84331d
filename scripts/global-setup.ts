import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { presenceDir } from '../lib/checks/presence.ts';
import { bundledSpecPath, projectRoot } from '../lib/checks/spec.ts';
import { readOnce } from '../lib/client/read-once.ts';
import { startLedger } from '../lib/client/run-ledger.ts';
import { TargetMisbehaviour } from '../lib/client/transport.ts';
import { discover, discoveryFile, resolveProfile, writeDiscovery } from '../lib/discovery/index.ts';
import { factsDir } from '../lib/facts/reads.ts';
import { mustRun } from '../lib/process/launch.ts';
import { shownBaseURL } from '../lib/profile/load.ts';
import { readRunEnv, runProfile } from '../lib/profile/run-env.ts';
import type { ProfileInput } from '../lib/profile/types.ts';

function newestSpecSource(dir = join(projectRoot, 'spec')): number {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.name !== 'dist')
    .reduce((newest, entry) => {
      const path = join(dir, entry.name);
      const time = entry.isDirectory() ? newestSpecSource(path) : statSync(path).mtimeMs;
      return Math.max(newest, time);
    }, 0);
}

/** Bundles the spec when the bundle is missing or older than its sources. */
function ensureBundle(): void {
  if (existsSync(bundledSpecPath) && statSync(bundledSpecPath).mtimeMs >= newestSpecSource()) return;
  mustRun('npx', ['redocly', 'bundle', 'spec/openapi.yaml', '--ext', 'json', '-o', bundledSpecPath]);
}

/** Fails the whole run once, with one line, when the target does not answer at all. */
async function ensureTargetAnswers(target: ProfileInput): Promise<void> {
  try {
    const path = '/classified_locations/countries';
    await readOnce({ baseURL: target.baseURL, path, perSecond: target.requestsPerSecond });
  } catch (error) {
    // A target that answers, if only to refuse (429/503 past the retries), does answer.
    if (!(error instanceof TargetMisbehaviour)) return;
    const cause = error.code ?? error.name;
    throw new Error(
      `target "${target.name}" at ${shownBaseURL(target)} does not answer (${cause}); no test was run`,
    );
  }
}

/**
 * One folder per run where discovery and the workers record the waits 429/503 answers cost, the reads
 * retried after a reset, the calls answered and the pacer's rate: budget and rate are the run's.
 */
function startRunLedger(): void {
  startLedger(mkdtempSync(join(tmpdir(), 'conformance-run-')));
}

export default async function globalSetup(config: FullConfig): Promise<void> {
  ensureBundle();
  const needsTarget = config.projects.some((p) => ['contract', 'properties'].includes(p.name));
  const run = readRunEnv();
  const target = runProfile();
  startRunLedger();
  // Workers write which fields their answers carried; the verdict reads this run's files only.
  rmSync(presenceDir(run.reportsDir), { recursive: true, force: true });
  rmSync(factsDir(run.reportsDir), { recursive: true, force: true });
  // Without BASE_URL the embedded mock is started by the webServer, which fails once by itself if it cannot.
  if (needsTarget && run.baseURL) await ensureTargetAnswers(target);
  if (needsTarget) await discoverOnce(target, run.reportsDir);
}

/** Finds on the target what the profile does not give, once for all workers (they read discovery.json). */
async function discoverOnce(target: ProfileInput, reportsDir: string): Promise<void> {
  const result = await discover(target);
  writeDiscovery(result, discoveryFile(reportsDir));
  const counts = { given: 0, discovered: 0, 'not found': 0, 'read failed': 0 };
  for (const need of resolveProfile(target, result).needs) counts[need.state] += 1;
  const stopped = result.stoppedBy ? `, stopped by the ${result.stoppedBy} limit` : '';
  const failed = counts['read failed'] ? `, ${counts['read failed']} read failed` : '';
  console.log(
    `discovery: ${counts.given} given, ${counts.discovered} discovered, ${counts['not found']} not found${failed} ` +
      `(${result.requestsUsed} requests${stopped}) → ${discoveryFile(reportsDir)}`,
  );
}
