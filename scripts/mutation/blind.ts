/**
 * A blind batch's power (issue 44): each fault of `mock/faults/blind/NN/` planted alone, the suite run
 * read-only from the profile's users and from the seller and buyer only, and per fault and profile one
 * outcome: killed (a test that passes on the faithful mock failed), missed (the run received an answer
 * the fault changed and nothing failed) or not reached (no answer the run received changed), the last
 * two told apart by the faithful twin of mock/shadow.ts. Figures go to bench/results.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pMap from 'p-map';
import { projectRoot } from '../../lib/checks/spec.ts';
import { BLIND_BATCHES } from '../../mock/faults/blind/batches.ts';
import type { BlindFault } from '../../mock/faults/blind/kit.ts';
import { runSuite, type SuiteProfile, type SuiteRun, suiteProfiles } from './run.ts';

export type BlindResult = 'killed' | 'missed' | 'not reached' | 'needs a write';

export interface BlindOutcome {
  fault: string;
  basis: BlindFault['basis'];
  bugClass: string;
  byProfile: Partial<
    Record<SuiteProfile['id'], { result: BlindResult; changedAnswers: number; killedBy: string[] }>
  >;
}

export interface BlindReport {
  batch: string;
  /** first contact, or after a fix: what the figure is. */
  label: string;
  commit: string;
  date: string;
  faithful: { profile: SuiteProfile['id']; failed: string[]; changedAnswers: number }[];
  outcomes: BlindOutcome[];
}

const PROFILES: SuiteProfile['id'][] = ['readonly', 'two'];

function changedAnswers(logFile: string): number {
  try {
    return readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

async function runWithShadow(profile: SuiteProfile, faults: string[], maxFailures: number) {
  const log = join(mkdtempSync(join(tmpdir(), 'blind-shadow-')), 'changed.jsonl');
  const run = await runSuite(profile, faults, { maxFailures, env: { MOCK_SHADOW_LOG: log } });
  return { run, changed: changedAnswers(log) };
}

function resultOf(run: SuiteRun, faithful: SuiteRun, changed: number) {
  const passedBefore = new Set(faithful.passed);
  const killedBy = run.failed.filter((title) => passedBefore.has(title));
  const result: BlindResult = killedBy.length ? 'killed' : changed > 0 ? 'missed' : 'not reached';
  return { result, changedAnswers: changed, killedBy: killedBy.slice(0, 3) };
}

function commitOf(): string {
  return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: projectRoot, encoding: 'utf8' }).trim();
}

export async function runBlindBatch(
  batch: string,
  label: string,
  width: number,
  only?: readonly string[],
): Promise<BlindReport> {
  const all = BLIND_BATCHES[batch];
  if (!all) throw new Error(`unknown batch ${batch}; known: ${Object.keys(BLIND_BATCHES).join(', ')}`);
  // A slice of the batch (--only a,b) for a quick look; its figures are never recorded (main refuses --readme).
  const faults = only ? all.filter((f) => only.includes(f.name)) : all;
  // As the judge's after-fix figure is taken: the run's judge on in every nested run.
  process.env.CONFORMANCE_JUDGE = '1';
  const profiles = suiteProfiles().filter((p) => PROFILES.includes(p.id));
  const baselines = await pMap(profiles, async (p) => ({ profile: p, ...(await runWithShadow(p, [], 0)) }), {
    concurrency: width,
  });
  const outcomes = new Map<string, BlindOutcome>(
    faults.map((f) => [f.name, { fault: f.name, basis: f.basis, bugClass: f.bugClass, byProfile: {} }]),
  );
  const jobs = faults.flatMap((fault) => baselines.map((baseline) => ({ fault, baseline })));
  await pMap(
    jobs,
    async ({ fault, baseline }) => {
      const outcome = outcomes.get(fault.name)!;
      if (fault.needsWrite) {
        outcome.byProfile[baseline.profile.id] = { result: 'needs a write', changedAnswers: 0, killedBy: [] };
        return;
      }
      const { run, changed } = await runWithShadow(
        baseline.profile,
        [fault.name],
        baseline.run.failed.length + 1,
      );
      const judged = resultOf(run, baseline.run, changed);
      outcome.byProfile[baseline.profile.id] = judged;
      console.log(
        `${judged.result.padEnd(11)} ${fault.name} [${baseline.profile.id}] ${judged.changedAnswers} answers changed`,
      );
    },
    { concurrency: width },
  );
  return {
    batch,
    label,
    commit: commitOf(),
    date: new Date().toISOString(),
    faithful: baselines.map((b) => ({
      profile: b.profile.id,
      failed: b.run.failed,
      changedAnswers: b.changed,
    })),
    outcomes: [...outcomes.values()],
  };
}

export function writeBlindReport(report: BlindReport, outFile: string): void {
  writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
}
