/** Differences grouped by operation and kind (and, where the reference decides, by requirement and side), each with one minimal example. */

import { loadRequirements } from '../../lib/catalog/requirements.ts';
import { clip } from '../../lib/client/evidence.ts';
import type { Difference } from './compare.ts';
import type { DriftRun } from './run.ts';
import type { JudgedCall } from './types.ts';
import type { Verdict } from './verdict.ts';

interface ShownAnswer {
  status: number;
  body: string;
}

export interface Example {
  scenario: string;
  /** Who called, as a role of the profile: tokens never leave the run. */
  as: string;
  mockRequest: string;
  targetRequest: string;
  mock: ShownAnswer;
  target: ShownAnswer;
}

export interface DifferenceGroup {
  operationId: string;
  kind: Difference['kind'];
  summary: string;
  verdict: Verdict;
  /** The text of the requirement that decides it, from the catalog. */
  requirementText?: string;
  occurrences: number;
  example: Example;
}

export interface DriftSummary {
  operations: number;
  calls: number;
  differences: number;
  decided: number;
}

function keyOf(difference: Difference): string {
  const { verdict } = difference;
  const decision = verdict.decided ? `${verdict.requirement}|${verdict.breaks}` : 'silent';
  return `${difference.operationId}|${difference.kind}|${decision}`;
}

function shown(exchange: JudgedCall, redact: (text: string) => string): ShownAnswer {
  return { status: exchange.response.status, body: clip(exchange.response.text, redact) };
}

function size(difference: Difference): number {
  return difference.pair.mock.response.text.length + difference.pair.target.response.text.length;
}

function exampleOf(difference: Difference, redact: (text: string) => string): Example {
  const { mock, target } = difference.pair;
  return {
    scenario: difference.scenario,
    as: mock.call.as,
    mockRequest: redact(mock.label),
    targetRequest: redact(target.label),
    mock: shown(mock, redact),
    target: shown(target, redact),
  };
}

export function groupDifferences(run: DriftRun): DifferenceGroup[] {
  const texts = new Map(loadRequirements().map((r) => [r.id, r.text]));
  const groups = new Map<string, Difference[]>();
  for (const difference of run.differences) {
    const key = keyOf(difference);
    groups.set(key, [...(groups.get(key) ?? []), difference]);
  }
  return [...groups.values()].map((members) => {
    const smallest = [...members].sort((a, b) => size(a) - size(b))[0]!;
    return {
      operationId: smallest.operationId,
      kind: smallest.kind,
      summary: run.redact(smallest.summary),
      verdict: smallest.verdict,
      requirementText: smallest.verdict.decided ? texts.get(smallest.verdict.requirement) : undefined,
      occurrences: members.length,
      example: exampleOf(smallest, run.redact),
    };
  });
}

export function summarize(run: DriftRun, groups: DifferenceGroup[]): DriftSummary {
  return {
    operations: run.operations.length,
    calls: run.calls,
    differences: groups.length,
    decided: groups.filter((group) => group.verdict.decided).length,
  };
}

export function closingLine(summary: DriftSummary): string {
  return `${summary.operations} operations compared, ${summary.differences} differences (${summary.decided} decided by the reference)`;
}
