/** `drift.html` and its JSON twin `drift.json`: where the mock and the target differ, and who is right. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { esc, page } from '../../lib/report/html.ts';
import type { DifferenceGroup, DriftSummary, Example } from './groups.ts';
import { closingLine } from './groups.ts';
import type { DriftRun, NotCompared } from './run.ts';
import type { Verdict } from './verdict.ts';

interface DriftReport {
  mock: DriftRun['mock'];
  target: DriftRun['target'];
  seed: number;
  runs: number;
  summary: DriftSummary;
  closingLine: string;
  operations: string[];
  writes: string;
  differences: DifferenceGroup[];
  notCompared: NotCompared[];
}

function writesNote(target: DriftRun['target']): string {
  return target.allowsWrites
    ? 'compared: the target profile allows writes (message creation on its first writable conversation)'
    : 'not compared: the target profile does not allow writes';
}

export function toReport(run: DriftRun, groups: DifferenceGroup[], summary: DriftSummary): DriftReport {
  return {
    mock: run.mock,
    target: run.target,
    seed: run.sampling.seed,
    runs: run.sampling.runs,
    summary,
    closingLine: closingLine(summary),
    operations: run.operations,
    writes: writesNote(run.target),
    differences: groups,
    notCompared: run.notCompared,
  };
}

function verdictCell(verdict: Verdict, requirementText = ''): string {
  if (verdict.decided) {
    const side = verdict.breaks === 'both' ? 'both sides break' : `the ${verdict.breaks} breaks`;
    return `<span class="failed">decided by the reference</span>: ${esc(side)} <a href="traceability.html#${esc(verdict.requirement)}"><code>${esc(verdict.requirement)}</code></a><br>${esc(requirementText)} <span class="muted">(${esc(verdict.why)})</span>`;
  }
  const { notes } = verdict;
  const lines = [
    ...notes.gaps.map((text) => `x-reference-gap: ${text}`),
    ...notes.gapRequirements.map((text) => `catalog gap ${text}`),
    ...notes.mockBehaviour.map((text) => `x-mock-behaviour: ${text}`),
  ];
  const origin = notes.observed
    ? "the mock's choice comes from observed-behaviour.md"
    : 'a choice on which the two sides differ';
  const list = lines.length
    ? `<ul>${lines
        .slice(0, 4)
        .map((line) => `<li>${esc(line)}</li>`)
        .join('')}</ul>`
    : '';
  return `<span class="skipped">reference silent</span>: ${esc(origin)}${list}`;
}

function exampleCell(example: Example): string {
  const side = (label: string, request: string, answer: Example['mock']) =>
    `<div class="side"><b>${esc(label)}</b> <code>${esc(request)}</code> → <b>${esc(answer.status)}</b><pre>${esc(answer.body)}</pre></div>`;
  return `<details><summary>${esc(example.scenario)} <span class="muted">(as ${esc(example.as)})</span></summary><div class="pair">${side('mock', example.mockRequest, example.mock)}${side('target', example.targetRequest, example.target)}</div></details>`;
}

function differenceRows(groups: DifferenceGroup[]): string {
  if (groups.length === 0)
    return '<tr><td colspan="4" class="verified">No difference: the two sides answered every call alike.</td></tr>';
  return groups
    .map(
      (
        group,
      ) => `<tr class="${group.verdict.decided ? 'fail' : ''}"><td><code>${esc(group.operationId)}</code><br>${esc(group.kind)} <span class="muted">×${esc(group.occurrences)}</span></td>
<td>${esc(group.summary)}</td><td>${verdictCell(group.verdict, group.requirementText)}</td><td>${exampleCell(group.example)}</td></tr>`,
    )
    .join('\n');
}

const STYLE = `<style>
.pair{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin-top:6px}
.side pre{white-space:pre-wrap;word-break:break-all;max-height:220px;overflow:auto;background:#f3f4f7;padding:6px;margin:4px 0;font-size:12px}
td:nth-child(2){max-width:320px} td:nth-child(4){min-width:380px}
</style>`;

export function renderDrift(report: DriftReport): string {
  const s = report.summary;
  const cards = [
    ['operations compared', s.operations],
    ['calls compared', s.calls],
    ['differences', s.differences],
    ['decided by the reference', s.decided],
    ['not compared', report.notCompared.length],
  ]
    .map(
      ([label, value]) =>
        `<div class="card"><span class="muted">${esc(label)}</span><b>${esc(value)}</b></div>`,
    )
    .join('');
  const skipped = report.notCompared.map((n) => `<li>${esc(n.scenario)}: ${esc(n.reason)}</li>`).join('');
  const body = `${STYLE}<h1>Drift: the mock beside target <code>${esc(report.target.name)}</code></h1>
<p class="muted">mock ${esc(report.mock.baseURL)} · target ${esc(report.target.baseURL)} · seed ${esc(report.seed)} · ${esc(report.runs)} samples per arbitrary · writes ${esc(report.writes)}</p>
<p><b>${esc(report.closingLine)}</b></p>
<div class="cards">${cards}</div>
<p class="muted">Answers are compared by class: status, error code, the fields present and their types, empty or non-empty lists, and the rules the suite checks. Ids, names, dates and counts are ignored. A difference the reference decides names the requirement and the side that breaks it; where the reference is silent, the spec's notes say what is open.</p>
<h2>Differences by operation and kind</h2>
<table><thead><tr><th>Operation, kind</th><th>What differs</th><th>Who is right</th><th>Example (redacted)</th></tr></thead><tbody>${differenceRows(report.differences)}</tbody></table>
<h2>Not compared</h2>${skipped ? `<ul>${skipped}</ul>` : '<p class="muted">Every call ran on both sides.</p>'}
<h2>Operations compared</h2><p>${report.operations.map((op) => `<code>${esc(op)}</code>`).join(' ')}</p>`;
  return page(`Drift: mock vs ${report.target.name}`, body);
}

/** Writes drift.html and drift.json; returns the HTML path. */
export function writeDriftReport(dir: string, report: DriftReport): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'drift.json'), JSON.stringify(report, null, 2));
  const html = join(dir, 'drift.html');
  writeFileSync(html, renderDrift(report));
  return html;
}
