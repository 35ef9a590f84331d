import type { Trend } from '../memory/history.ts';
import { coveragePicture, verdictLine } from './coverage-picture.ts';
import { failedRequirements, failuresSection, type ReplayTarget } from './failures-section.ts';
import { findingsSection } from './findings-section.ts';
import { esc, page } from './html.ts';
import { budgetSection } from './request-budget-section.ts';
import type { Traceability } from './traceability.ts';
import { trendSection } from './trend-section.ts';
import type { Verdict } from './verdict/classify.ts';
import { requirementNumbers, runNumbers } from './verdict/numbers.ts';
import type { RunStats, TestRecord } from './verdict/results.ts';

interface RunInfo {
  target: string;
  baseURL: string;
  profile: string;
  specVersion: string;
  commit: string;
  rateLimit?: string;
  stats: RunStats;
  /** The run's tests: the failed ones are listed first, with their messages. */
  tests: TestRecord[];
  /** How a failure's replay line names the target. */
  replay: ReplayTarget;
  trace: Traceability;
  links: { href: string; label: string; what: string }[];
  /** Findings judged against the target's baseline. */
  verdict: Verdict;
  /** The discovery section (given / discovered / not found), already rendered. */
  discovery: string;
  /** The comparison with the target's memory (coverage drop), already rendered; empty without memory. */
  coverageDrop?: string;
  /** The target's last nights (its history beside the memory) and what changed since the last one. */
  trend?: Trend;
  /** The answers received and judged per operation (the run's judge), already rendered. */
  answers?: string;
  /** The answer branches seen and judged (the run's judge), already rendered. */
  branches?: string;
  /** The input classes sent and judged (the run's judge), already rendered. */
  inputs?: string;
}

export function renderIndex(run: RunInfo): string {
  // The judged run's one line (interrupted, unreachable, or the verdict with its coverage), as the console says it.
  const verdict = run.verdict.summary ?? (run.verdict.passed ? 'conforms' : 'does not conform');
  const known = run.verdict.known.length;
  const failed = failedRequirements(run.trace, run.tests);
  const cited = failed.citedByFailure.length;
  const failedWords = `${failed.broken.length + cited} failed${cited ? ` (${cited} of them cited by a failing test)` : ''}`;
  const held = run.trace.rows.reduce(
    (sum, row) => sum + (row.status === 'verified' ? row.judged.held : 0),
    0,
  );
  // The run's numbers (lib/report/verdict/numbers.ts): the console's closing line, JUnit, Allure and verdict.json say the same.
  const n = run.verdict.numbers ?? runNumbers(run.tests, run.verdict.errorsOutsideTests, run.trace);
  const req = n.requirements ?? requirementNumbers(run.trace);
  const f = n.failures;
  const failureNote =
    f.total === f.tests
      ? undefined
      : [
          `${f.tests} tests`,
          ...(f.judgements ? [`${f.judgements} after the run`] : []),
          ...(f.outside ? [`${f.outside} outside the tests`] : []),
        ].join(' + ');
  const figures: [string, string | number, string?][] = [
    ['tests ran', `${n.tests.ran} / ${n.tests.total}`],
    ['passed', n.tests.passed],
    ['failed', f.total, failureNote],
    ['skipped', n.tests.skipped],
    ...(n.tests.notRun
      ? [['not run', n.tests.notRun, 'the run stopped before them'] as [string, number, string]]
      : []),
    ['new deviations', run.verdict.fresh.length],
    ['known deviations', known],
    ['omissions reported', run.verdict.reported.length],
    ['requirements verified', `${req.verified} / ${req.total}`, `held on ${held} instances`],
    [
      'requirements failed',
      req.failed,
      cited ? `${failed.broken.length} broken + ${cited} cited by a failing test` : undefined,
    ],
    ['not judged', req.notJudged],
    ['not verified (no data)', req.notVerified],
    ['mock-only', req.mockOnly],
    ['read-only target', req.readOnly],
    [
      'operations covered',
      `${run.trace.summary.operations.verified} / ${run.trace.summary.operations.total}`,
    ],
  ];
  const cards = figures
    .map(
      ([label, value, note]) =>
        `<div class="card"><span class="muted">${esc(label)}</span><b>${esc(value)}</b>${note ? `<span class="muted">${esc(note)}</span>` : ''}</div>`,
    )
    .join('');
  const links = run.links
    .map((l) => `<tr><td><a href="${esc(l.href)}">${esc(l.label)}</a></td><td>${esc(l.what)}</td></tr>`)
    .join('');
  const body = `<h1>Conformance run: target <code>${esc(run.target)}</code> ${esc(verdict)}</h1>
<p class="muted">${esc(run.baseURL)} · profile ${esc(run.profile)} · spec ${esc(run.specVersion)} · commit ${esc(run.commit)} · started ${esc(run.stats.startTime)} · ${esc((run.stats.duration / 1000).toFixed(1))} s</p>
${run.rateLimit ? `<p><b>${esc(run.rateLimit)}</b></p>\n` : ''}<p><b>${esc(verdictLine(run.trace, failedWords))}</b></p>
${failuresSection(run.tests, run.verdict, run.trace, run.replay)}
<div class="cards">${cards}</div>
${trendSection(run.trend)}
${findingsSection(run.verdict, true)}
${budgetSection(run.verdict.requests)}
${run.answers ?? ''}
${run.branches ?? ''}
${run.inputs ?? ''}
${run.coverageDrop ?? ''}
<h2>Where the target was really checked</h2>
${coveragePicture(run.trace)}
<h2>Test data: given, discovered, not found</h2>
${run.discovery}
<h2>Reports</h2>
<table><thead><tr><th>Report</th><th>What it shows</th></tr></thead><tbody>${links}</tbody></table>`;
  return page(`Conformance run: ${run.target}`, body);
}
