import type { Requirement } from '../catalog/requirements.ts';
import {
  describeTally,
  type JudgedTest,
  type JudgementTally,
  judgedStatus,
  tallyJudgements,
} from './status.ts';
import type { RequirementStatus } from './statuses.ts';

/** A test of the run as the traceability reads it (lib/report/verdict/results.ts TestRecord fits). */
type TestRecord = JudgedTest;

export type { RequirementStatus } from './statuses.ts';
export { REQUIREMENT_STATUSES } from './statuses.ts';

/** Why a skipped test did not run: lack of data on the target, mock-only behaviour, or a read-only target. */
export function skipKind(reason: string | undefined): 'not verified' | 'mock-only' | 'read-only' {
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

export interface CoverageCount {
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
