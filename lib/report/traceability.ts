import { type CoverageCount, skipKind, type Traceability, type TraceRow } from '../judge/traceability.ts';
import { esc, page, statusClass } from './html.ts';
import { counted, TRACE_FILTER_SCRIPT, traceFilterForm } from './trace-filter.ts';

export {
  buildTraceability,
  type RequirementStatus,
  type Traceability,
  type TraceRow,
} from '../judge/traceability.ts';

function card(label: string, value: string): string {
  return `<div class="card"><span class="muted">${esc(label)}</span><b>${esc(value)}</b></div>`;
}

/** A test's outcome as its class: a skip is not verified, mock-only or read-only. */
function outcomeClass(t: TraceRow['tests'][number]): string {
  if (t.outcome === 'passed') return 'verified';
  return t.outcome === 'skipped' ? statusClass(skipKind(t.skipReason)) : t.outcome;
}

const TESTS_OPEN = 3;

function testList(tests: TraceRow['tests']): string {
  if (tests.length === 0) return '<span class="muted">no test</span>';
  const items = tests
    .map(
      (t) =>
        `<li><span class="${outcomeClass(t)}">${esc(t.outcome)}</span> ${esc(t.title)} <span class="muted">[${esc(t.project)}]</span></li>`,
    )
    .join('');
  if (tests.length <= TESTS_OPEN) return `<ul>${items}</ul>`;
  const outcomes = [...counted(tests.map((t) => t.outcome))].map(([o, n]) => `${n} ${o}`).join(', ');
  return `<details><summary>${tests.length} tests: ${esc(outcomes)}</summary><ul>${items}</ul></details>`;
}

/** The status, then how its instances were judged, then why it was not verified, each on its own line. */
function statusCell(r: TraceRow): string {
  const why = r.why.length ? `<ul class="muted">${r.why.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>` : '';
  const { held, broken, notJudged, summary } = r.judged;
  const judged = held + broken + notJudged > 0 ? `<span class="judged">${esc(summary)}</span>` : '';
  return `<td class="${statusClass(r.status)}">${esc(r.status)}${judged}${why}</td>`;
}

function row(r: TraceRow, first = false): string {
  const about = `${r.kind}${r.half ? ` (${r.half})` : ''} · ${r.basis} · ${r.area} · ${r.operations.join(', ') || 'no operation'}`;
  // The rows opening the page repeat rows of the families below: linked to them, not filtered.
  const attributes = first
    ? `class="first"`
    : `id="${esc(r.id)}" data-status="${esc(r.status)}" data-area="${esc(r.area)}"`;
  const id = first ? `<a href="#${esc(r.id)}"><code>${esc(r.id)}</code></a>` : `<code>${esc(r.id)}</code>`;
  return `<tr ${attributes}><td>${id}</td><td>${esc(r.text)}<div class="muted">${esc(about)}</div></td>${statusCell(r)}<td>${testList(r.tests)}</td></tr>`;
}

const HEAD =
  '<thead><tr><th>Requirement</th><th>Statement</th><th>Status and judgements</th><th>Tests</th></tr></thead>';

/** The rows by family (requirement area), in the order of the catalog's areas. */
function byFamily(rows: TraceRow[]): [string, TraceRow[]][] {
  const families = new Map<string, TraceRow[]>();
  for (const r of rows) families.set(r.area, [...(families.get(r.area) ?? []), r]);
  return [...families].sort(([a], [b]) => a.localeCompare(b));
}

function familyCounts(rows: TraceRow[]): string {
  return [...counted(rows.map((r) => r.status))].map(([status, n]) => `${n} ${status}`).join(', ');
}

/** What a reader looks for first: the failed and not-judged requirements, by family, open. */
const FIRST: TraceRow['status'][] = ['failed', 'not judged'];

function firstSection(rows: TraceRow[]): string {
  const first = rows.filter((r) => FIRST.includes(r.status));
  if (first.length === 0)
    return '<p class="verified">No requirement failed and none went unjudged in this run.</p>';
  const ordered = [...first].sort((a, b) => FIRST.indexOf(a.status) - FIRST.indexOf(b.status));
  const families = byFamily(ordered)
    .map(
      ([area, list]) =>
        `<details class="first-family" open><summary><b>${esc(area)}</b>: ${esc(familyCounts(list))}</summary><table class="trace">${HEAD}<tbody>${list.map((r) => row(r, true)).join('\n')}</tbody></table></details>`,
    )
    .join('\n');
  const failed = first.filter((r) => r.status === 'failed').length;
  return `<h2 class="failed">Failed (${failed}) and not judged (${first.length - failed}), by family</h2>\n${families}`;
}

export function renderTraceability(trace: Traceability, heading: string, extra = ''): string {
  const s = trace.summary;
  const ratio = (c: CoverageCount) => `${c.verified} / ${c.total}`;
  const cards = [
    card('operations covered', ratio(s.operations)),
    card('error rows verified', ratio(s.errorRows)),
    card('limits verified', ratio(s.limits)),
    card('filters sound', ratio(s.soundness)),
    card('filters complete', ratio(s.completeness)),
    card('meanings verified', ratio(s.meanings)),
    card('requirements verified', `${s.requirements.verified} / ${s.requirements.total}`),
    ...(s.requirements['verified from traffic']
      ? [card('verified from traffic', String(s.requirements['verified from traffic']))]
      : []),
    card('failed', String(s.requirements.failed)),
    card('not judged', String(s.requirements['not judged'])),
    card('not verified (no data)', String(s.requirements['not verified'])),
    card('mock-only', String(s.requirements['mock-only'])),
    card('read-only target', String(s.requirements['read-only'])),
    card('uncovered', String(s.requirements.uncovered)),
    card('untestable', String(s.requirements.untestable)),
  ].join('');
  const families = byFamily(trace.rows)
    .map(
      ([area, list]) =>
        `<details class="family" data-area="${esc(area)}"><summary><b>${esc(area)}</b> (${list.length}): ${esc(familyCounts(list))}</summary><table class="trace">${HEAD}<tbody>${list.map((r) => row(r)).join('\n')}</tbody></table></details>`,
    )
    .join('\n');
  const body = `<h1>Traceability matrix</h1><p class="muted">${esc(heading)}</p>
${firstSection(trace.rows)}
<div class="cards">${cards}</div>
<h2>Every requirement, by family</h2>
${traceFilterForm(trace.rows)}
${families}${extra}${TRACE_FILTER_SCRIPT}`;
  return page('Traceability matrix', body);
}
