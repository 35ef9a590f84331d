import { esc } from './html.ts';
import type { Traceability, TraceRow } from './traceability.ts';
import type { Verdict } from './verdict/classify.ts';
import type { TestRecord } from './verdict/results.ts';

/** How a failure is replayed against the run's target: the environment a replay line starts with. */
export interface ReplayTarget {
  /** The profile (TARGET) of the run. */
  profile: string;
  /** The base URL to pass when the profile alone does not name it (a BASE_URL override); never a secret one. */
  baseURL?: string;
}

function replayCommand(test: TestRecord, target: ReplayTarget): string {
  const env = `TARGET=${target.profile}${target.baseURL ? ` BASE_URL=${target.baseURL}` : ''}`;
  if (test.replay) return test.replay.includes('TARGET=') ? test.replay : `${env} ${test.replay}`;
  const where = test.line ? `${test.file}:${test.line}` : test.file;
  return `${env} npx playwright test ${where} --project ${test.project}`;
}

/** The Playwright report's page of a test (html/ beside the index). */
export function evidenceHref(test: Pick<TestRecord, 'id'>): string | undefined {
  return test.id ? `html/index.html#?testId=${encodeURIComponent(test.id)}` : undefined;
}

/**
 * The requirements a run's failures break: those with a broken instance, and the one requirement of a
 * failed test that cites only one. A test citing several that failed on an assertion naming none of
 * them is one failure, not one per requirement: those are counted apart, as cited by a failing test.
 */
export function failedRequirements(
  trace: Traceability,
  tests: TestRecord[],
): { broken: TraceRow[]; citedByFailure: TraceRow[] } {
  const soleCited = new Set(
    tests.filter((t) => t.outcome === 'failed' && t.requirements.length === 1).map((t) => t.requirements[0]),
  );
  const failed = trace.rows.filter((r) => r.status === 'failed');
  const broken = failed.filter((r) => r.judged.broken > 0 || soleCited.has(r.id));
  return { broken, citedByFailure: failed.filter((r) => !broken.includes(r)) };
}

function requirementLine(row: TraceRow | undefined, id: string): string {
  const status = row ? `${row.status}: ${row.judged.summary}` : 'not in the catalog';
  return `<li><a href="traceability.html#${esc(id)}"><code>${esc(id)}</code></a> <span class="muted">${esc(status)}</span></li>`;
}

function failure(
  test: TestRecord,
  known: boolean,
  rows: Map<string, TraceRow>,
  target: ReplayTarget,
): string {
  const href = evidenceHref(test);
  const requirements = test.requirements.length
    ? `<ul class="requirements">${test.requirements.map((id) => requirementLine(rows.get(id), id)).join('')}</ul>`
    : '';
  return `<li class="failure">
<div><b>${esc(test.title)}</b>${known ? ' <span class="muted">(known: in the baseline)</span>' : ''} <span class="muted">[${esc(test.project)}] ${esc(test.file)}${test.line ? `:${test.line}` : ''}</span></div>
<div class="message">${esc(test.error || '(no message)')}</div>
${requirements}<div>${href ? `<a href="${esc(href)}">Evidence: the test in the Playwright report</a> (its error, steps, requests and responses)` : 'Evidence: the Playwright report'}</div>
<pre class="replay">${esc(replayCommand(test, target))}</pre>
</li>`;
}

/**
 * A failure's cause, to group failures alike: its requirements and its message with the instance left
 * out (ids, counts, quoted values), an HTTP status kept (`answered 404` stays apart from `answered 500`).
 */
export function causeOf(test: Pick<TestRecord, 'requirements' | 'error'>): string {
  const pattern = (test.error || '(no message)')
    .replace(/\b(answered|status|HTTP|got|received|expected) ([1-5]\d\d)\b/g, '$1 #$2')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/(?<![#\d])\d+(\.\d+)?/g, 'N')
    .replace(/#(\d{3})/g, '$1');
  return `${[...test.requirements].sort().join(',')}\u0000${pattern}`;
}

function group(
  tests: TestRecord[],
  known: boolean,
  rows: Map<string, TraceRow>,
  target: ReplayTarget,
): string {
  const [first] = tests;
  if (!first) return '';
  if (tests.length === 1) return failure(first, known, rows, target);
  const requirements = first.requirements.length
    ? `<ul class="requirements">${first.requirements.map((id) => requirementLine(rows.get(id), id)).join('')}</ul>`
    : '';
  const items = tests
    .map((t) => {
      const href = evidenceHref(t);
      const title = href ? `<a href="${esc(href)}">${esc(t.title)}</a>` : esc(t.title);
      return `<li>${title} <span class="muted">[${esc(t.project)}] ${esc(t.file)}${t.line ? `:${t.line}` : ''}</span><div class="muted">${esc(t.error || '(no message)')}</div></li>`;
    })
    .join('');
  const files = new Set(tests.map((t) => t.file)).size;
  return `<li class="failure group">
<div><b>${tests.length} failures of one cause</b>${known ? ' <span class="muted">(known: in the baseline)</span>' : ''} <span class="muted">in ${files} file${files === 1 ? '' : 's'}, first: ${esc(first.title)}</span></div>
<div class="message">${esc(first.error || '(no message)')}</div>
${requirements}<details><summary>The ${tests.length} tests, each with its message and its evidence</summary><ul class="grouped">${items}</ul></details>
<pre class="replay">${esc(replayCommand(first, target))}</pre>
</li>`;
}

/** Failed tests grouped by cause (causeOf), the largest group first; the order of first appearance otherwise. */
function byCause(tests: TestRecord[]): TestRecord[][] {
  const groups = new Map<string, TestRecord[]>();
  for (const t of tests) {
    const key = causeOf(t);
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  return [...groups.values()].sort((a, b) => b.length - a.length);
}

/**
 * The run's failures first, grouped by cause (one card for 36 answers that were 404, not 36): each
 * with the first line of its error, the requirements it cites and how they were judged, a link to its
 * evidence and a line to replay it; new before known.
 */
export function failuresSection(
  tests: TestRecord[],
  verdict: Verdict,
  trace: Traceability,
  target: ReplayTarget,
): string {
  const failed = tests.filter((t) => t.outcome === 'failed');
  const outside = verdict.errorsOutsideTests ?? [];
  if (failed.length === 0 && outside.length === 0) return '';
  const fresh = new Set(verdict.fresh.flatMap((d) => d.tests));
  const isKnown = (t: TestRecord) => !fresh.has(t.title);
  const outsideItems = outside.map(
    (message) =>
      `<li class="failure"><div><b>Outside any test</b> (global setup)</div><div class="message">${esc(message)}</div></li>`,
  );
  const rows = new Map(trace.rows.map((r) => [r.id, r]));
  const groups = [
    ...byCause(failed.filter((t) => !isKnown(t))).map((g) => group(g, false, rows, target)),
    ...byCause(failed.filter(isKnown)).map((g) => group(g, true, rows, target)),
  ];
  const total = failed.length + outside.length;
  const causes = groups.length + outside.length;
  const heading =
    causes === total
      ? `Failures (${total})`
      : `Failures (${total}, of ${causes} cause${causes === 1 ? '' : 's'})`;
  return `<h2 class="failed">${heading}</h2>
<ol class="failures">${[...outsideItems, ...groups].join('\n')}</ol>`;
}
