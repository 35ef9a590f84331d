/** The differences between the answers two sides gave to the same call, each with its verdict. */
import type { Finding } from '../../lib/checks/types.ts';
import { type AnswerClass, classify } from './classify.ts';
import type { JudgedCall } from './types.ts';
import {
  decided,
  type Judge,
  type Pair,
  type SideName,
  sidesWhere,
  silent,
  type Verdict,
} from './verdict.ts';

type DifferenceKind = 'status' | 'error code' | 'fields' | 'list length' | 'rule' | 'conformance';

export interface Difference {
  operationId: string;
  kind: DifferenceKind;
  /** What differs, in a line. */
  summary: string;
  verdict: Verdict;
  scenario: string;
  pair: Pair;
}

/** Every statement of the reference about the call that one side's answer breaks. */
function expectationsBroken(pair: Pair): Verdict[] {
  const expect = pair.mock.expect;
  if (!expect) return [];
  const found = [
    expect.status &&
      decided(
        expect.status.requirement,
        sidesWhere(pair, (e) => e.response.status !== expect.status!.code),
        `the reference answers ${expect.status.code}`,
      ),
    expect.refused &&
      decided(
        expect.refused,
        sidesWhere(pair, (e) => e.response.status < 400),
        'the reference refuses this call',
      ),
    expect.accepted &&
      decided(
        expect.accepted,
        sidesWhere(pair, (e) => e.response.status >= 300),
        'the reference accepts this call',
      ),
    expect.error &&
      decided(
        expect.error.requirement,
        // The error code is stated for the refusal: an answer that does not refuse breaks the refusal only.
        sidesWhere(
          pair,
          (e) => e.response.status >= 400 && classify(e.response).error !== expect.error!.code,
        ),
        `the reference names the error ${expect.error.code}`,
      ),
  ].filter((verdict): verdict is Verdict => verdict !== undefined && verdict !== '');
  // One verdict per requirement: a status and an error of the same requirement are one difference.
  return found.filter(
    (v, i) => found.findIndex((w) => w.decided && v.decided && w.requirement === v.requirement) === i,
  );
}

/** A status difference: every statement of the reference it breaks, else a check's verdict, else silence. */
function statusDifferences(judge: Judge, pair: Pair): Verdict[] {
  const broken = expectationsBroken(pair);
  if (broken.length > 0) return broken;
  const failing = (check: string, why: string) => {
    const found = [pair.mock, pair.target].flatMap((e) => e.findings).find((f) => f.check === check);
    return (
      found &&
      decided(
        found.requirement,
        sidesWhere(pair, (e) => e.findings.some((f) => f.check === check)),
        why,
      )
    );
  };
  const serverError = failing('notAServerError', 'an undocumented server error');
  const undocumented = failing('statusCodeConformance', 'the spec does not document this status here');
  return [serverError || undocumented || silent(judge, pair, ['error', 'auth'])];
}

function errorDifference(judge: Judge, pair: Pair): Verdict {
  const expected = pair.mock.expect?.error;
  const found =
    expected &&
    decided(
      expected.requirement,
      sidesWhere(pair, (e) => classify(e.response).error !== expected.code),
      `the reference names the error ${expected.code}`,
    );
  return found || silent(judge, pair, ['error']);
}

/** A finding's identity on one side: the same check at the same place, whatever the value. */
const placeOf = (finding: Finding) => `${finding.check}|${finding.field}|${finding.keyword}`;

function findingsOf(exchange: JudgedCall): Map<string, Finding> {
  return new Map(exchange.findings.map((finding) => [placeOf(finding), finding]));
}

/** Check failures on one side only: the reference (through the spec) decides each. */
function violationDifferences(pair: Pair, scenario: string): Difference[] {
  const sides = { mock: findingsOf(pair.mock), target: findingsOf(pair.target) };
  const byRequirement = new Map<string, { breaks: SideName[]; texts: string[]; kind: DifferenceKind }>();
  for (const side of ['mock', 'target'] as const) {
    const other = side === 'mock' ? sides.target : sides.mock;
    for (const [key, finding] of sides[side]) {
      if (other.has(key)) continue;
      const schema = finding.check === 'responseSchemaConformance' && finding.evidence.status < 400;
      const entry = byRequirement.get(finding.requirement) ?? {
        breaks: [],
        texts: [],
        kind: schema ? 'fields' : 'conformance',
      };
      if (!entry.breaks.includes(side)) entry.breaks.push(side);
      entry.texts.push(`${side}: ${finding.message}`);
      byRequirement.set(finding.requirement, entry);
    }
  }
  return [...byRequirement].map(([requirement, entry]) => ({
    operationId: pair.mock.call.operationId,
    kind: entry.kind,
    summary: entry.texts.slice(0, 3).join('; '),
    verdict: decided(requirement, entry.breaks, 'the spec, the reference in executable form') as Verdict,
    scenario,
    pair,
  }));
}

function ruleDifferences(pair: Pair, scenario: string): Difference[] {
  const targetRules = new Map(pair.target.rules.map((rule) => [rule.requirement, rule]));
  return pair.mock.rules.flatMap((mockRule) => {
    const targetRule = targetRules.get(mockRule.requirement);
    if (!targetRule || targetRule.holds === mockRule.holds) return [];
    const breaking = mockRule.holds ? 'target' : 'mock';
    const detail = mockRule.holds ? targetRule.detail : mockRule.detail;
    return [
      {
        operationId: pair.mock.call.operationId,
        kind: 'rule' as const,
        summary: `${mockRule.requirement} holds on the ${mockRule.holds ? 'mock' : 'target'} only: ${detail}`,
        verdict: decided(mockRule.requirement, [breaking], 'a rule the suite checks') as Verdict,
        scenario,
        pair,
      },
    ];
  });
}

function fieldDelta(mock: AnswerClass, target: AnswerClass): { paths: string[]; summary: string } {
  const onlyMock = [...mock.fields.keys()].filter((path) => !target.fields.has(path));
  const onlyTarget = [...target.fields.keys()].filter((path) => !mock.fields.has(path));
  const retyped = [...mock.fields]
    .filter(([path, type]) => target.fields.has(path) && target.fields.get(path) !== type)
    .map(([path, type]) => `${path} (${type} / ${target.fields.get(path)})`);
  const parts = [
    onlyMock.length && `only on the mock: ${onlyMock.slice(0, 6).join(', ')}`,
    onlyTarget.length && `only on the target: ${onlyTarget.slice(0, 6).join(', ')}`,
    retyped.length && `types differ: ${retyped.slice(0, 6).join(', ')}`,
  ].filter(Boolean);
  return {
    paths: [...onlyMock, ...onlyTarget, ...retyped.map((p) => p.split(' ')[0]!)],
    summary: parts.join('; '),
  };
}

function lengthDelta(mock: AnswerClass, target: AnswerClass): string[] {
  return [...mock.lists]
    .filter(([path, length]) => target.lists.has(path) && target.lists.get(path) !== length)
    .map(([path, length]) => `${path}: ${length} on the mock, ${target.lists.get(path)} on the target`);
}

/** Differences the reference leaves open: reported only when nothing it decides explains the pair. */
function openDifferences(judge: Judge, pair: Pair, scenario: string): Difference[] {
  const mock = classify(pair.mock.response);
  const target = classify(pair.target.response);
  const base = { operationId: pair.mock.call.operationId, scenario, pair };
  const found: Difference[] = [];
  const fields = fieldDelta(mock, target);
  if (fields.summary)
    found.push({
      ...base,
      kind: 'fields',
      summary: fields.summary,
      verdict: silent(judge, pair, ['field'], fields.paths),
    });
  const lengths = lengthDelta(mock, target);
  if (lengths.length)
    found.push({
      ...base,
      kind: 'list length',
      summary: lengths.slice(0, 4).join('; '),
      verdict: silent(
        judge,
        pair,
        ['rule', 'field'],
        lengths.map((l) => l.split(':')[0]!),
      ),
    });
  return found;
}

/** Every difference of one pair of answers to the same call. */
export function compareAnswers(judge: Judge, pair: Pair, scenario: string): Difference[] {
  const base = { operationId: pair.mock.call.operationId, scenario, pair };
  const mock = pair.mock.response;
  const target = pair.target.response;
  if (mock.status !== target.status)
    return statusDifferences(judge, pair).map((verdict) => ({
      ...base,
      kind: 'status' as const,
      summary: `${mock.status} on the mock, ${target.status} on the target`,
      verdict,
    }));
  const [mockError, targetError] = [classify(mock).error, classify(target).error];
  if (mockError !== targetError)
    return [
      {
        ...base,
        kind: 'error code',
        summary: `${mockError} on the mock, ${targetError} on the target`,
        verdict: errorDifference(judge, pair),
      },
    ];
  const decidedOnes = [...violationDifferences(pair, scenario), ...ruleDifferences(pair, scenario)];
  return decidedOnes.length > 0 ? decidedOnes : openDifferences(judge, pair, scenario);
}
