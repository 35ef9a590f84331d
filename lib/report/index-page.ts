import { coveragePicture, verdictLine } from './coverage-picture.ts';
import { failedRequirements, failuresSection, type ReplayTarget } from './failures-section.ts';
import { findingsSection } from './findings-section.ts';
import { esc, page } from './html.ts';
import { budgetSection } from './request-budget-section.ts';
import type { Traceability } from './traceability.ts';
import type { Verdict } from './verdict/classify.ts';
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
}

export function renderIndex(run: RunInfo): string {
  // The judged run's one line (interrupted, unreachable, or the verdict with its coverage), as the console says it.
  const verdict = run.verdict.summary ?? (run.verdict.passed ? 'conforms' : 'does not conform');
  const known = run.verdict.known.length;
  const r = run.trace.summary.requirements;
  const failed = failedRequirements(run.trace, run.tests);
  const cited = failed.citedByFailure.length;
  const failedWords = `${failed.broken.length} failed${cited ? ` (and ${cited} cited by a failing test)` : ''}`;
  const held = run.trace.rows.reduce(
    (sum, row) => sum + (row.status === 'verified' ? row.judged.held : 0),
    0,
  );
  const figures: [string, string | number, string?][] = [
    // The verdict's counts (lib/report/verdict/judge-run.ts), the same the verdict command prints.
    ['passed', run.verdict.counts.passed],
    ['failed', run.verdict.counts.failed],
    ['skipped', run.verdict.counts.skipped],
    ['new deviations', run.verdict.fresh.length],
    ['known deviations', known],
    ['omissions reported', run.verdict.reported.length],
    ['requirements verified', `${r.verified} / ${r.total}`, `held on ${held} instances`],
    ['requirements failed', failed.broken.length, cited ? `+${cited} cited by a failing test` : undefined],
    ['not judged', r['not judged']],
    ['not verified (no data)', r['not verified']],
    ['mock-only', r['mock-only']],
    ['read-only target', r['read-only']],
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
${findingsSection(run.verdict, true)}
${budgetSection(run.verdict.requests)}
${run.coverageDrop ?? ''}
<h2>Where the target was really checked</h2>
${coveragePicture(run.trace)}
<h2>Test data: given, discovered, not found</h2>
${run.discovery}
<h2>Reports</h2>
<table><thead><tr><th>Report</th><th>What it shows</th></tr></thead><tbody>${links}</tbody></table>`;
  return page(`Conformance run: ${run.target}`, body);
}
