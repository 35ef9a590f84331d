import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { candidateKeys, keyOf, runBaselineTarget, writeBaseline } from '../lib/checks/baseline.ts';
import { projectRoot } from '../lib/checks/spec.ts';
import { readRunEnv } from '../lib/profile/run-env.ts';
import { baselineFrom, type Deviation, type Verdict } from '../lib/report/verdict/classify.ts';
import { judgeRun, writeVerdictFile } from '../lib/report/verdict/judge-run.ts';
import { describeComparison, rememberRun } from '../lib/report/verdict/memory.ts';

// The run's verdict from Playwright's JSON report and the target's baseline of known deviations:
// prints the counts, new / known deviations, reported omissions and known deviations no longer seen;
// writes verdict.json; with --update-baseline writes the baseline from this run. Exit 1 on a new deviation.
// Compared with the target's memory (profile `memory`, MEMORY overrides): the coverage drop (requirements
// the last run verified and this one did not), exit 1 on one with --fail-on-coverage-drop; then the memory is rewritten.

const { values } = parseArgs({
  options: {
    'update-baseline': { type: 'boolean', default: false },
    'fail-on-coverage-drop': { type: 'boolean', default: false },
  },
});
const reports = readRunEnv().reportsDir;

const line = (d: Deviation) => `  [${d.check}] ${d.operation} ${d.field} (${d.level}): ${d.message}`;

function print(verdict: Verdict): void {
  const { counts } = verdict;
  console.log(
    `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
  );
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
    `verdict: ${verdict.passed ? 'PASS' : 'FAIL'} (${verdict.fresh.length} new, ${verdict.known.length} known, ${verdict.reported.length} omissions reported, ${verdict.gone.length} known no longer seen)`,
  );
}

function main(): number {
  const results = join(reports, 'results.json');
  if (!existsSync(results)) {
    console.log('0 passed, 1 failed');
    console.error(`no Playwright JSON report at ${results}`);
    return 1;
  }
  const profile = runBaselineTarget();
  const judged = judgeRun(results, reports, profile, values['update-baseline']);
  const { verdict, comparison, tests, baseline, baselineFile: path } = judged;
  const { coverageDrop } = comparison;
  writeVerdictFile(reports, judged);
  for (const error of verdict.errorsOutsideTests ?? []) console.log(`error outside the tests: ${error}`);
  print(verdict);
  // A failing night's answers are never remembered (a field that disappeared keeps failing) unless the baseline accepts them.
  const end = { passed: verdict.passed, accepting: values['update-baseline'] };
  for (const line of [...describeComparison(comparison), ...rememberRun(profile, reports, tests, end)])
    console.log(line);
  const dropFails = values['fail-on-coverage-drop'] && coverageDrop.length > 0;
  if (dropFails) console.log('coverage drop: the run fails (--fail-on-coverage-drop)');
  if (!values['update-baseline']) return verdict.passed && !dropFails ? 0 : 1;
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

process.exit(main());
