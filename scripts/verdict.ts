import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { candidateKeys, keyOf, runBaselineTarget, writeBaseline } from '../lib/checks/baseline.ts';
import { projectRoot } from '../lib/checks/spec.ts';
import { writeNight } from '../lib/memory/history.ts';
import { linkLatest, reportFolder } from '../lib/process/run-folder.ts';
import { readRunEnv } from '../lib/profile/run-env.ts';
import { baselineFrom, type Deviation, type Verdict } from '../lib/report/verdict/classify.ts';
import { judgeRun, writeVerdictFile } from '../lib/report/verdict/judge-run.ts';
import { describeComparison, rememberRun } from '../lib/report/verdict/memory.ts';
import { closingLine, numbersNotes } from '../lib/report/verdict/numbers.ts';
import { budgetLines } from '../lib/report/verdict/request-budget.ts';
import type { TestRecord } from '../lib/report/verdict/results.ts';

// The run's verdict from Playwright's JSON report and the target's baseline of known deviations:
// prints the counts, new / known deviations, reported omissions and known deviations no longer seen;
// writes verdict.json; with --update-baseline writes the baseline from this run. Exit 1 on a new deviation.
// Compared with the target's memory (profile `memory`, MEMORY overrides): the coverage drop (requirements
// the last run verified and this one did not), exit 1 on one with --fail-on-coverage-drop; then the memory is rewritten.

const { values } = parseArgs({
  options: {
    'update-baseline': { type: 'boolean', default: false },
    'fail-on-coverage-drop': { type: 'boolean', default: false },
    // conformance.sh saw the runner stopped by a signal.
    interrupted: { type: 'boolean', default: false },
  },
});
// A run's own folder; run alone on a reports folder after a plain `playwright test`, the run it shows.
const folder = reportFolder(readRunEnv().reportsDir);
const reports = folder.dir;

const line = (d: Deviation) => `  [${d.check}] ${d.operation} ${d.field} (${d.level}): ${d.message}`;

/** Why tests were skipped, grouped by reason, most frequent first: a skip is a rule not verified, never silent. */
function skipReasons(tests: TestRecord[]): string[] {
  const counts = new Map<string, number>();
  for (const test of tests.filter((t) => t.outcome === 'skipped' && !t.notRun)) {
    const reason = (test.skipReason ?? 'skipped').split(/[:;(]/)[0]?.trim() || 'skipped';
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([reason, n]) => `  ${n} ${reason}`);
}

/** The verdict line: PASS only for a complete run that reached the target and found nothing new. */
function verdictWord(verdict: Verdict): string {
  if (verdict.state === 'interrupted') return 'INTERRUPTED, no verdict';
  if (verdict.state === 'unreachable') return 'UNREACHABLE, no verdict';
  return verdict.passed ? 'PASS' : 'FAIL';
}

function print(verdict: Verdict, tests: TestRecord[]): void {
  if (verdict.interrupted && verdict.scope)
    console.log(`interrupted: ${verdict.scope.ran} of ${verdict.scope.total} tests ran`);
  // The run's numbers (lib/report/verdict/numbers.ts), as the index page, JUnit, Allure and verdict.json show them.
  for (const note of numbersNotes(verdict.numbers)) console.log(note);
  console.log(closingLine(verdict.numbers));
  const skips = skipReasons(tests);
  if (skips.length > 0) console.log(`skipped, by reason:\n${skips.join('\n')}`);
  const sections: [string, string[]][] = [
    ['new deviations (fail the run)', verdict.fresh.map(line)],
    ['known deviations (baseline)', verdict.known.map(line)],
    ['omissions reported (the profile does not fail on them)', verdict.reported.map(line)],
    [
      'known deviations no longer seen (remove them from the baseline)',
      verdict.gone.map((d) => `  [${d.check}] ${d.operation} ${d.field}`),
    ],
  ];
  for (const [title, lines] of sections)
    if (lines.length > 0) console.log(`${title}: ${lines.length}\n${lines.join('\n')}`);
  console.log(
    `verdict: ${verdictWord(verdict)} (${verdict.fresh.length} new, ${verdict.known.length} known, ${verdict.reported.length} omissions reported, ${verdict.gone.length} known no longer seen)`,
  );
  if (verdict.headline) console.log(verdict.headline);
  if (verdict.requests) for (const line of budgetLines(verdict.requests)) console.log(line);
}

function main(): number {
  const results = join(reports, 'results.json');
  if (!existsSync(results)) {
    console.log('0 passed, 1 failed');
    console.error(`no Playwright JSON report at ${results}`);
    return 1;
  }
  const profile = runBaselineTarget();
  const judged = judgeRun(
    results,
    reports,
    profile,
    values['update-baseline'],
    undefined,
    values.interrupted,
  );
  const { verdict, comparison, tests, baseline, baselineFile: path } = judged;
  const { coverageDrop } = comparison;
  writeVerdictFile(reports, judged);
  for (const error of verdict.errorsOutsideTests ?? []) console.log(`error outside the tests: ${error}`);
  print(verdict, tests);
  // An interrupted run leaves the last complete run's memory as it was. A failing night's answers are
  // never remembered (a field that disappeared keeps failing) unless the baseline accepts them.
  const end = { passed: verdict.passed, accepting: values['update-baseline'] };
  const remembered = verdict.interrupted
    ? ['memory: not written (an interrupted run)']
    : rememberRun(profile, reports, tests, end);
  for (const line of [...describeComparison(comparison), ...remembered]) console.log(line);
  // Tonight's figures beside the memory: the index page's trend and what changed since the last night.
  if (judged.night) {
    writeNight(judged.night.path, judged.night.figures, judged.night.statuses);
    console.log(`history: night ${comparison.trend?.nights.length ?? 1} written to ${judged.night.path}`);
  }
  const dropFails = values['fail-on-coverage-drop'] && coverageDrop.length > 0;
  if (dropFails) console.log('coverage drop: the run fails (--fail-on-coverage-drop)');
  if (!values['update-baseline']) return verdict.passed && !dropFails ? 0 : 1;
  if (verdict.interrupted) {
    console.log('baseline: not written (an interrupted run saw only part of the deviations)');
    return 1;
  }
  const target = path ?? join(projectRoot, 'fixtures', 'targets', `${profile.name}.baseline.jsonl`);
  const entries = baselineFrom(verdict, baseline, new Date().toISOString().slice(0, 10));
  writeBaseline(target, entries);
  console.log(`baseline: ${entries.length} known deviations written to ${target}`);
  if (!path) console.log(`set "baseline" in the profile (or BASELINE=${target}) so that runs read it`);
  const dropped = baseline.filter(
    (entry) => !entries.some((e) => candidateKeys(e).includes(keyOf(entry))),
  ).length;
  if (dropped > 0) console.log(`baseline: ${dropped} known deviations no longer seen were dropped`);
  return 0;
}

const code = main();
if (folder.home) linkLatest(folder.home);
process.exit(code);
