/**
 * The drift score: for each fault of mock/faults/catalog.ts a read-only run can observe, whether
 * `npm run drift -- --target mock --fault NAME` shows a difference decided by the reference that
 * names the fault's requirement. `npx tsx scripts/drift/score.ts` or `npm run mutation -- --drift`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadSpec, projectRoot } from '../../lib/checks/spec.ts';
import { loadProfile } from '../../lib/profile/load.ts';
import { FAULTS } from '../../mock/faults/catalog.ts';
import type { Fault } from '../../mock/faults/kit.ts';
import { startEmbeddedMock } from './embedded.ts';
import { groupDifferences } from './groups.ts';
import type { RoleSource } from './roles.ts';
import { runDrift } from './run.ts';
import { type DriftScore, type FaultCatch, MISS_REASONS, summarizeScore } from './score-model.ts';
import { renderScorePage, renderScoreReadme } from './score-report.ts';

const DRIFT_TARGET = 95;

const SAMPLING = { seed: 20261122, runs: 8 };

function profileAt(baseURL: string, name: string, allowsWrites: boolean): RoleSource {
  return { ...loadProfile({ TARGET: 'mock' }), name, baseURL, allowsWrites };
}

/** One drift run of the faithful mock against the mock with the fault planted, read-only. */
async function catchFault(fault: Fault, reference: string): Promise<FaultCatch> {
  const target = await startEmbeddedMock([fault.name]);
  try {
    const run = await runDrift({
      spec: loadSpec(),
      mock: profileAt(reference, 'mock', false),
      target: profileAt(target.baseURL, `mock with ${fault.name}`, false),
      sampling: SAMPLING,
    });
    const groups = groupDifferences(run);
    const decided = groups.flatMap((g) =>
      g.verdict.decided && g.verdict.breaks !== 'mock' ? [g.verdict.requirement] : [],
    );
    const caught = decided.includes(fault.requirement);
    return {
      fault: fault.name,
      requirement: fault.requirement,
      description: fault.description,
      caught,
      decided: [...new Set(decided)],
      silent: groups.filter((g) => !g.verdict.decided).length,
      ...(caught ? {} : { why: MISS_REASONS[fault.name] ?? 'not explained yet' }),
    };
  } finally {
    await target.close();
  }
}

/** The faults a read-only drift run can observe: every fault but those only a write reveals. */
function observableFaults(): Fault[] {
  return FAULTS.filter((fault) => !fault.needsWrite);
}

export async function driftScore(faults: Fault[], log = (_line: string) => {}): Promise<DriftScore> {
  const reference = await startEmbeddedMock();
  const outcomes: FaultCatch[] = [];
  try {
    for (const fault of faults) {
      const outcome = await catchFault(fault, reference.baseURL);
      const mark = outcome.caught ? 'caught  ' : fault.breaksGap ? 'gap     ' : 'MISSED  ';
      log(
        `${mark} ${fault.name} (${fault.requirement})${outcome.caught ? '' : `: decided ${outcome.decided.join(', ') || 'nothing'}`}`,
      );
      outcomes.push(outcome);
    }
  } finally {
    await reference.close();
  }
  return summarizeScore(outcomes, SAMPLING, FAULTS.length - faults.length);
}

/** The suite's mutation report, when there is one, carries the drift figures beside its own. */
function addToMutationReport(score: DriftScore, dir: string): void {
  const path = join(dir, 'mutation.json');
  if (!existsSync(path)) return;
  const report = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const missed = score.outcomes.filter((o) => !o.caught && !o.breaksGap);
  report.drift = {
    date: score.date,
    caught: score.caught,
    observable: score.observable,
    percent: score.percent,
    missed: missed.map((o) => ({ fault: o.fault, requirement: o.requirement, why: o.why })),
    page: 'drift-score.html',
  };
  writeFileSync(path, JSON.stringify(report, null, 2));
}

function writeDriftScore(score: DriftScore, dir = join(projectRoot, 'reports', 'mutation')): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'drift-score.json'), JSON.stringify(score, null, 2));
  addToMutationReport(score, dir);
  const html = join(dir, 'drift-score.html');
  writeFileSync(html, renderScorePage(score));
  return html;
}

/** `--faults a,b`: only those (a quick look); default every observable fault. Exit 1 below the target. */
export async function main(argv = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { faults: { type: 'string' }, out: { type: 'string' } },
  });
  const wanted = values.faults?.split(',');
  const faults = observableFaults().filter((f) => !wanted || wanted.includes(f.name));
  const score = await driftScore(faults, console.log);
  const html = writeDriftScore(score, values.out);
  console.log(`drift score report: ${html}`);
  console.log(renderScoreReadme(score));
  return score.percent >= DRIFT_TARGET ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
