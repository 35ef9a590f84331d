import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pMap from 'p-map';
import { projectRoot } from '../lib/checks/spec.ts';
import { FAULTS } from '../mock/faults/catalog.ts';
import type { Fault } from '../mock/faults/kit.ts';
import {
  type FaithfulRun,
  faithfulSummary,
  judge,
  type MutationReport,
  mockOnlyTests,
  NOT_RUN,
  type ProfileOutcome,
  score,
  toOutcome,
} from './mutation/model.ts';
import { renderReadmeSection, renderReport } from './mutation/render.ts';
import { runSuite, type SuiteProfile, type SuiteRun, suiteProfiles } from './mutation/run.ts';

export type { FaultOutcome, MutationReport } from './mutation/model.ts';

/** The read-only score must reach this share of the faults a read-only run can observe. */
const READONLY_TARGET = 95;
const README_START = '<!-- mutation-readonly:start -->';
const README_END = '<!-- mutation-readonly:end -->';

/** `--faults a,b` names exactly, run in that order; `--only order-,*-ignored` keeps faults whose name contains a part (`*` any text). */
function selectFaults(names?: string, only?: string): Fault[] {
  if (names) {
    const wanted = names.split(',');
    const unknown = wanted.filter((name) => !FAULTS.some((f) => f.name === name));
    if (unknown.length) throw new Error(`unknown fault(s): ${unknown.join(', ')}`);
    return wanted.map((name) => FAULTS.find((f) => f.name === name)!);
  }
  if (!only) return [...FAULTS];
  const patterns = only.split(',').map((part) => new RegExp(part.split('*').map(escapeRegExp).join('.*')));
  const chosen = FAULTS.filter((f) => patterns.some((p) => p.test(f.name) || p.test(f.requirement)));
  if (chosen.length === 0) throw new Error(`--only ${only} matches no fault`);
  return chosen;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

interface Baseline {
  profile: SuiteProfile;
  run: SuiteRun;
  passed: Set<string>;
}

async function runFault(fault: Fault, baseline: Baseline, grep?: string): Promise<ProfileOutcome> {
  if (baseline.profile.id !== 'full' && fault.needsWrite) return NOT_RUN;
  // One failure that also fails on the faithful mock must not stop the run before a real kill.
  const maxFailures = baseline.run.failed.length + 1;
  const run = await runSuite(baseline.profile, [fault.name], { maxFailures, grep });
  return judge(run, baseline.passed, baseline.profile.id === 'two' ? baseline.run.tests : undefined);
}

function describe(name: string, outcome: ProfileOutcome): string {
  if (!outcome.ran) return `${name}: needs a write`;
  if (outcome.killed) return `${name}: killed by ${outcome.killedBy[0]}`;
  const drop = outcome.coverageDrop ?? [];
  return drop.length ? `${name}: no test failed; coverage drop ${drop.join(', ')}` : `${name}: SURVIVED`;
}

function writeReadme(report: MutationReport): void {
  // The section lives in docs/power.md (the README links to it and keeps the blind markers only).
  const path = join(projectRoot, 'docs', 'power.md');
  const readme = readFileSync(path, 'utf8');
  const section = `${README_START}\n${renderReadmeSection(report)}${README_END}`;
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  const next =
    start >= 0 && end > start
      ? `${readme.slice(0, start)}${section}${readme.slice(end + README_END.length)}`
      : `${readme.trimEnd()}\n\n${section}\n`;
  writeFileSync(path, next);
}

/** One report from the reports of runs over disjoint sets of faults (the first report's faithful runs). */
function mergeReports(paths: string[]): MutationReport {
  const reports = paths.map((path) => JSON.parse(readFileSync(path, 'utf8')) as MutationReport);
  // Classified as the catalog classifies each fault now (a write needed, a gap broken), not as when run.
  const outcomes = reports
    .flatMap((r) => r.outcomes)
    .filter((o, i, all) => all.findIndex((x) => x.fault === o.fault) === i)
    .map((o) => {
      const fault = FAULTS.find((f) => f.name === o.fault);
      return fault ? toOutcome(fault, o.full, o.readonly, o.two) : o;
    });
  const order = FAULTS.map((f) => f.name);
  outcomes.sort((a, b) => order.indexOf(a.fault) - order.indexOf(b.fault));
  return {
    date:
      reports
        .map((r) => r.date)
        .sort()
        .at(-1) ?? new Date().toISOString(),
    faithful: reports[0]?.faithful ?? [],
    scores: suiteProfiles()
      .filter((p) => p.id !== 'two' || outcomes.some((o) => o.two))
      .map((p) => score(p, outcomes)),
    outcomes,
    mockOnly: reports.find((r) => r.mockOnly.length > 0)?.mockOnly ?? [],
  };
}

function printScores(report: MutationReport): void {
  for (const s of report.scores)
    console.log(
      `${s.title}: ${s.killed} / ${s.observable} killed (${s.percent}%)${s.writeOnly || s.gapOnly ? `; counted apart: ${s.writeOnly} need a write, ${s.gapOnly} break only a gap` : ''}`,
    );
  console.log(`${report.outcomes.length} faults.`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      faults: { type: 'string' },
      only: { type: 'string' },
      profiles: { type: 'string', default: 'full,readonly' },
      parallel: { type: 'string', default: '2' },
      out: { type: 'string' },
      readme: { type: 'boolean', default: false },
      from: { type: 'string' },
      note: { type: 'string' },
      // A slice of the suite (Playwright's --grep over project, file and title), for quick self tests.
      grep: { type: 'string' },
      drift: { type: 'boolean', default: false },
      // A blind batch (mock/faults/blind/NN): killed, missed or not reached per fault, read-only.
      batch: { type: 'string' },
      label: { type: 'string', default: 'first contact' },
    },
  });
  if (values.batch) {
    const { runBlindBatch, writeBlindReport } = await import('./mutation/blind.ts');
    const { renderBlindSummary, recordBlindFigures } = await import('./mutation/blind-render.ts');
    if (values.only && values.readme)
      throw new Error('--only runs a slice of the batch: its figures are not recorded');
    const only = values.only?.split(',');
    const report = await runBlindBatch(values.batch, values.label, Number(values.parallel), only);
    const outDir = values.out ?? join(projectRoot, 'reports', 'mutation');
    mkdirSync(outDir, { recursive: true });
    writeBlindReport(report, join(outDir, `${values.batch.replace('/', '-')}.json`));
    if (values.readme) recordBlindFigures(report);
    console.log(renderBlindSummary(report));
    return;
  }
  if (values.drift) {
    // The drift score (scripts/drift/score.ts): the same faults against `npm run drift`, read-only.
    const { main: driftScore } = await import('./drift/score.ts');
    process.exitCode = await driftScore(values.faults ? ['--faults', values.faults] : []);
    return;
  }
  if (values.from) {
    const merged = { ...mergeReports(values.from.split(',')), ...(values.note ? { note: values.note } : {}) };
    const outDir = values.out ?? join(projectRoot, 'reports', 'mutation');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'mutation.json'), JSON.stringify(merged, null, 2));
    writeFileSync(join(outDir, 'index.html'), renderReport(merged));
    if (values.readme) writeReadme(merged);
    printScores(merged);
    return;
  }
  const faults = selectFaults(values.faults, values.only);
  const wantedProfiles = values.profiles.split(',');
  const profiles = suiteProfiles().filter((p) => wantedProfiles.includes(p.id));
  const outDir = values.out ?? join(projectRoot, 'reports', 'mutation');
  mkdirSync(outDir, { recursive: true });
  const width = Number(values.parallel);

  const baselines = await pMap(
    profiles,
    async (profile): Promise<Baseline> => {
      const run = await runSuite(profile, [], { maxFailures: 0, grep: values.grep });
      return { profile, run, passed: new Set(run.passed) };
    },
    { concurrency: width },
  );
  const faithful: FaithfulRun[] = baselines.map((b) => faithfulSummary(b.profile, b.run));
  for (const f of faithful)
    console.log(
      `faithful mock, ${f.profile}: ${f.passed} passed, ${f.failed.length} failed, ${f.skipped} skipped (${f.seconds} s)`,
    );

  const jobs = faults.flatMap((fault) => baselines.map((baseline) => ({ fault, baseline })));
  const results: { fault: string; profile: SuiteProfile['id']; outcome: ProfileOutcome }[] = [];
  const fullBaseline = baselines.find((b) => b.profile.id === 'full');
  /** The report of the faults whose runs are all done: written after each run, so an interrupted run leaves its figures. */
  const reportSoFar = (): MutationReport => {
    const outcomeOf = (fault: Fault, profile: SuiteProfile['id']) =>
      results.find((r) => r.fault === fault.name && r.profile === profile)?.outcome;
    const done = faults.filter((f) => profiles.every((p) => outcomeOf(f, p.id)));
    const outcomes = done.map((f) =>
      toOutcome(f, outcomeOf(f, 'full') ?? NOT_RUN, outcomeOf(f, 'readonly') ?? NOT_RUN, outcomeOf(f, 'two')),
    );
    return {
      date: new Date().toISOString(),
      faithful,
      scores: profiles.map((p) => score(p, outcomes)),
      outcomes,
      mockOnly: fullBaseline ? mockOnlyTests(fullBaseline.run.tests) : [],
    };
  };
  const write = (report: MutationReport) => {
    writeFileSync(join(outDir, 'mutation.json'), JSON.stringify(report, null, 2));
    writeFileSync(join(outDir, 'index.html'), renderReport(report));
  };
  await pMap(
    jobs,
    async ({ fault, baseline }) => {
      const outcome = await runFault(fault, baseline, values.grep);
      if (outcome.ran)
        console.log(
          `${outcome.killed ? 'killed  ' : 'SURVIVED'} ${describe(`${fault.name} [${baseline.profile.id}]`, outcome)}`,
        );
      results.push({ fault: fault.name, profile: baseline.profile.id, outcome });
      write(reportSoFar());
    },
    { concurrency: width },
  );
  const report = reportSoFar();
  write(report);
  if (values.readme) writeReadme(report);

  printScores(report);
  const fullScore = report.scores.find((s) => s.profile === 'full');
  const readonlyScore = report.scores.find((s) => s.profile === 'readonly');
  const faithfulFailed = faithful.some((f) => f.failed.length > 0);
  if (
    faithfulFailed ||
    (fullScore && fullScore.percent < 100) ||
    (readonlyScore && readonlyScore.percent < READONLY_TARGET)
  )
    process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
