import type { Deviation, Verdict } from '../verdict/classify.ts';
import { esc, page } from './html.ts';
import type { RunStats } from './results.ts';
import type { Traceability } from './traceability.ts';

export interface RunInfo {
  target: string;
  baseURL: string;
  profile: string;
  specVersion: string;
  commit: string;
  stats: RunStats;
  trace: Traceability;
  links: { href: string; label: string; what: string }[];
  /** Findings judged against the target's baseline. */
  verdict: Verdict;
}

function deviations(title: string, list: Deviation[], outcome: string): string {
  if (list.length === 0) return '';
  const rows = list
    .map(
      (d) =>
        `<tr><td>${esc(outcome)}</td><td><code>${esc(d.check)}</code></td><td>${esc(d.operation)}</td><td><code>${esc(d.field)}</code></td><td>${esc(d.message)}</td><td>${d.tests.map((t) => esc(t)).join('<br>')}</td></tr>`,
    )
    .join('');
  return `<h2>${esc(title)} (${list.length})</h2>
<table><thead><tr><th>Outcome</th><th>Check</th><th>Operation</th><th>Field or test</th><th>Evidence</th><th>Tests</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Violations and omissions apart, each new or known; and the known deviations this run no longer saw. */
function findings(verdict: Verdict): string {
  const violations = (list: Deviation[]) => list.filter((d) => d.level === 'violation');
  const omissions = (list: Deviation[]) => list.filter((d) => d.level === 'omission');
  const gone = verdict.gone
    .map((d) => `<li><code>${esc(d.check)}</code> ${esc(d.operation)} <code>${esc(d.field)}</code></li>`)
    .join('');
  return [
    deviations('Violations: new', violations(verdict.fresh), 'fails the run'),
    deviations('Violations: known (baseline)', violations(verdict.known), 'known'),
    deviations('Omissions: failing', omissions(verdict.fresh), 'fails the run'),
    deviations('Omissions: known (baseline)', omissions(verdict.known), 'known'),
    deviations('Omissions: reported', verdict.reported, 'reported'),
    gone ? `<h2>Known deviations no longer seen (${verdict.gone.length})</h2><ul>${gone}</ul>` : '',
  ].join('\n');
}

export function renderIndex(run: RunInfo): string {
  const passed = run.stats.expected + run.stats.flaky;
  const verdict = run.verdict.passed ? 'conforms' : 'does not conform';
  const known = run.verdict.known.length;
  const r = run.trace.summary.requirements;
  const cards = [
    ['passed', passed],
    ['failed', run.stats.unexpected],
    ['skipped', run.stats.skipped],
    ['new deviations', run.verdict.fresh.length],
    ['known deviations', known],
    ['omissions reported', run.verdict.reported.length],
    ['requirements verified', `${r.verified} / ${r.total}`],
    [
      'operations covered',
      `${run.trace.summary.operations.verified} / ${run.trace.summary.operations.total}`,
    ],
  ]
    .map(
      ([label, value]) =>
        `<div class="card"><span class="muted">${esc(label)}</span><b>${esc(value)}</b></div>`,
    )
    .join('');
  const links = run.links
    .map((l) => `<tr><td><a href="${esc(l.href)}">${esc(l.label)}</a></td><td>${esc(l.what)}</td></tr>`)
    .join('');
  const body = `<h1>Conformance run: target <code>${esc(run.target)}</code> ${esc(verdict)}</h1>
<p class="muted">${esc(run.baseURL)} · profile ${esc(run.profile)} · spec ${esc(run.specVersion)} · commit ${esc(run.commit)} · started ${esc(run.stats.startTime)} · ${esc((run.stats.duration / 1000).toFixed(1))} s</p>
<div class="cards">${cards}</div>
${findings(run.verdict)}
<h2>Reports</h2>
<table><thead><tr><th>Report</th><th>What it shows</th></tr></thead><tbody>${links}</tbody></table>`;
  return page(`Conformance run: ${run.target}`, body);
}
