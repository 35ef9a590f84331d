import type { Requirement } from '../catalog/requirements.ts';
import { describeTally, type JudgementTally, judgedStatus, tallyJudgements } from '../judge/status.ts';
import { esc, page, statusClass } from './html.ts';
import { counted, TRACE_FILTER_SCRIPT, traceFilterForm } from './trace-filter.ts';
import type { TestRecord } from './verdict/results.ts';

export type RequirementStatus =
  | 'verified'
  | 'verified from traffic'
  | 'failed'
  | 'not judged'
  | 'not verified'
  | 'mock-only'
  | 'read-only'
  | 'uncovered'
  | 'untestable';

/** Why a skipped test did not run: lack of data on the target, mock-only behaviour, or a read-only target. */
function skipKind(reason: string | undefined): 'not verified' | 'mock-only' | 'read-only' {
  if (reason?.startsWith('mock-only')) return 'mock-only';
  if (reason?.startsWith('read-only target')) return 'read-only';
  return 'not verified';
}

export interface TraceRow {
  id: string;
  text: string;
  kind: string;
  basis: string;
  area: string;
  operations: string[];
  /** For a filter or listing: which half of it the requirement is (issue 25). */
  half?: 'soundness' | 'completeness';
  status: RequirementStatus;
  /** Why it was not verified (skip reasons, reasons instances were not judged, untestable reason). */
  why: string[];
  /** Its judgements over the run: how many instances held, broke, or could not be judged, and on what. */
  judged: { held: number; broken: number; notJudged: number; summary: string };
  tests: { title: string; project: string; outcome: TestRecord['outcome']; skipReason?: string }[];
}

interface CoverageCount {
  total: number;
  verified: number;
}

export interface Traceability {
  summary: {
    requirements: Record<RequirementStatus, number> & { total: number };
    operations: CoverageCount;
    errorRows: CoverageCount;
    limits: CoverageCount;
    /** Filters and listings judged one way (each result matches) and the other (every match returned). */
    soundness: CoverageCount;
    completeness: CoverageCount;
    meanings: CoverageCount;
  };
  rows: TraceRow[];
}

function statusOf(
  requirement: Requirement,
  tests: TestRecord[],
  tally: JudgementTally | undefined,
): RequirementStatus {
  const judged = judgedStatus(tests, tally);
  const passing = tests.filter((t) => t.outcome === 'passed');
  // Judged from recorded or proxied exchanges (npm run traffic), not from a test of the suite.
  if (judged === 'verified' && passing.length && passing.every((t) => t.project === 'traffic'))
    return 'verified from traffic';
  if (judged) return judged;
  const kinds = new Set(tests.map((t) => skipKind(t.skipReason)));
  for (const kind of ['not verified', 'read-only', 'mock-only'] as const) if (kinds.has(kind)) return kind;
  return requirement.untestable ? 'untestable' : 'uncovered';
}

/** Why a requirement that a passing test cites was not judged: its instances' reasons, or none judged at all. */
function notJudgedWhy(tally: JudgementTally | undefined, citing: TestRecord[]): string[] {
  const reasons = (tally?.notJudgedWhy ?? []).map(
    (w) => `not judged: ${w.reason}${w.count > 1 ? ` (${w.count} instances)` : ''}`,
  );
  if (reasons.length > 0) return reasons;
  const passed = citing.filter((t) => t.outcome === 'passed').map((t) => t.title);
  return [
    `not judged: ${passed.length} passing test(s) cite it but applied its rule to no instance (${passed.slice(0, 2).join('; ')})`,
  ];
}

function count(rows: TraceRow[], keep: (row: TraceRow) => boolean): CoverageCount {
  const selected = rows.filter(keep);
  return { total: selected.length, verified: selected.filter((r) => r.status === 'verified').length };
}

/** Every requirement of the catalog with the tests that verify it and their outcome on this run. */
export function buildTraceability(
  requirements: Requirement[],
  tests: TestRecord[],
  operationIds: string[],
): Traceability {
  const completed = new Set(requirements.map((r) => r.completes).filter(Boolean));
  const tallies = tallyJudgements(tests);
  const rows: TraceRow[] = requirements
    .filter((r) => !r.retired)
    .map((requirement) => {
      const citing = tests.filter((t) => t.requirements.includes(requirement.id));
      const tally = tallies.get(requirement.id);
      const status = statusOf(requirement, citing, tally);
      const why =
        status === 'untestable'
          ? [requirement.untestable ?? '']
          : status === 'not judged'
            ? notJudgedWhy(tally, citing)
            : status === 'verified' || status === 'failed' || status === 'uncovered'
              ? []
              : [...new Set(citing.map((t) => t.skipReason ?? 'skipped'))];
      return {
        id: requirement.id,
        text: requirement.text,
        kind: requirement.kind,
        basis: requirement.basis,
        area: requirement.area,
        operations: requirement.operations,
        ...(requirement.completes
          ? { half: 'completeness' as const }
          : completed.has(requirement.id)
            ? { half: 'soundness' as const }
            : {}),
        status,
        why,
        judged: {
          held: tally?.held ?? 0,
          broken: tally?.broken ?? 0,
          notJudged: tally?.notJudged ?? 0,
          summary: describeTally(tally),
        },
        tests: citing.map(({ title, project, outcome, skipReason }) => ({
          title,
          project,
          outcome,
          skipReason,
        })),
      };
    });
  const tally = {
    total: rows.length,
    verified: 0,
    'verified from traffic': 0,
    failed: 0,
    'not judged': 0,
    'not verified': 0,
    'mock-only': 0,
    'read-only': 0,
    uncovered: 0,
    untestable: 0,
  };
  for (const row of rows) tally[row.status] += 1;
  const verifiedOps = new Set(rows.filter((r) => r.status === 'verified').flatMap((r) => r.operations));
  return {
    summary: {
      requirements: tally,
      operations: {
        total: operationIds.length,
        verified: operationIds.filter((id) => verifiedOps.has(id)).length,
      },
      errorRows: count(rows, (r) => r.kind === 'error'),
      limits: count(rows, (r) => r.kind === 'limit'),
      soundness: count(rows, (r) => r.half === 'soundness'),
      completeness: count(rows, (r) => r.half === 'completeness'),
      meanings: count(rows, (r) => r.kind === 'meaning' && r.status !== 'untestable'),
    },
    rows,
  };
}

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

function row(r: TraceRow): string {
  const about = `${r.kind}${r.half ? ` (${r.half})` : ''} · ${r.basis} · ${r.area} · ${r.operations.join(', ') || 'no operation'}`;
  return `<tr id="${esc(r.id)}" data-status="${esc(r.status)}" data-area="${esc(r.area)}"><td><code>${esc(r.id)}</code></td><td>${esc(r.text)}<div class="muted">${esc(about)}</div></td>${statusCell(r)}<td>${testList(r.tests)}</td></tr>`;
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
  const body = `<h1>Traceability matrix</h1><p class="muted">${esc(heading)}</p><div class="cards">${cards}</div>
${traceFilterForm(trace.rows)}
<table class="trace"><thead><tr><th>Requirement</th><th>Statement</th><th>Status and judgements</th><th>Tests</th></tr></thead><tbody>
${trace.rows.map(row).join('\n')}
</tbody></table>${extra}${TRACE_FILTER_SCRIPT}`;
  return page('Traceability matrix', body);
}
