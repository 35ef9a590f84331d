import { lstatSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { presenceDir } from '../lib/checks/presence.ts';
import { projectRoot } from '../lib/checks/spec.ts';
import { startLedger } from '../lib/client/run-ledger.ts';
import { setRunPart } from '../lib/client/run-record.ts';
import { ensureDocumentedReadsAnswered, NotTheAPI } from '../lib/discovery/documented-reads.ts';
import {
  discover,
  discoveryFile,
  ensureReachable,
  resolveProfile,
  TargetUnreachable,
  writeDiscovery,
} from '../lib/discovery/index.ts';
import { ensureTokensAccepted, TokenRefused } from '../lib/discovery/tokens-accepted.ts';
import { factsDir } from '../lib/facts/reads.ts';
import { homeOf, isRunFolder } from '../lib/process/run-folder.ts';
import { ensureBundle } from '../lib/process/spec-bundle.ts';
import { readRunEnv, runProfile } from '../lib/profile/run-env.ts';
import type { ProfileInput } from '../lib/profile/types.ts';

/**
 * A target that does not answer, or refuses a user's token, stops the run here, with one line and exit 2,
 * before discovery and any test (as scripts/preflight.ts does for conformance.sh, which then skips these reads).
 */
async function stopUnlessReachable(target: ProfileInput): Promise<void> {
  if (process.env.CONFORMANCE_PREFLIGHT === '1') return;
  try {
    await ensureReachable(target);
    await ensureDocumentedReadsAnswered(target);
    await ensureTokensAccepted(target);
  } catch (error) {
    if (!(error instanceof TargetUnreachable || error instanceof NotTheAPI || error instanceof TokenRefused))
      throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/**
 * One folder per run where discovery and the workers record the waits 429/503 answers cost, the reads
 * retried after a reset, the calls answered and the pacer's rate: budget and rate are the run's.
 */
function startRunLedger(): void {
  startLedger(mkdtempSync(join(tmpdir(), 'conformance-run-')));
}

/**
 * `npx playwright show-report` opens ./playwright-report: a link to the last complete run's HTML report
 * (reports/html), made once, for the project's default reports folder only (nested runs write elsewhere).
 */
function linkShowReport(reportsDir: string): void {
  const home = isRunFolder(reportsDir) ? homeOf(reportsDir) : reportsDir;
  if (home !== join(projectRoot, 'reports')) return;
  const link = join(projectRoot, 'playwright-report');
  try {
    lstatSync(link);
  } catch {
    symlinkSync(join('reports', 'html'), link, 'dir');
  }
}

export default async function globalSetup(config: FullConfig): Promise<void> {
  ensureBundle();
  const needsTarget = config.projects.some((p) => ['contract', 'properties'].includes(p.name));
  const run = readRunEnv();
  const target = runProfile();
  // The embedded mock is started by the webServer, which fails once by itself if it cannot.
  const running = run.baseURL !== undefined || !target.isMock;
  // Before the run's ledger and anything written: a broken start touches nothing, and its reads (as
  // scripts/preflight.ts's) are not the run's requests.
  if (needsTarget && running) await stopUnlessReachable(target);
  startRunLedger();
  linkShowReport(run.reportsDir);
  // Workers write which fields their answers carried; the verdict reads this run's files only.
  rmSync(presenceDir(run.reportsDir), { recursive: true, force: true });
  rmSync(factsDir(run.reportsDir), { recursive: true, force: true });
  if (needsTarget) await discoverOnce(target, run.reportsDir);
}

/** Finds on the target what the profile does not give, once for all workers (they read discovery.json). */
async function discoverOnce(target: ProfileInput, reportsDir: string): Promise<void> {
  setRunPart('discovery');
  // One short line per step on stderr, so a reader sees it work (discovery may read for a minute).
  const result = await discover(target, {
    onStep: (step, requests, ms) =>
      console.error(`discovering ${step} (${requests} requests, ${(ms / 1000).toFixed(1)} s)`),
  });
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
