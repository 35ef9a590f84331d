import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectError } from '../../lib/checks/assertions.ts';
import { statusCodeConformance } from '../../lib/checks/checks.ts';
import { runFindings } from '../../lib/checks/findings.ts';
import { alwaysPresent, type Presence, tallyAnswer, writeMemory } from '../../lib/checks/presence.ts';
import { judge } from '../../lib/checks/verdict.ts';
import type { TargetProfile } from '../../lib/profile/types.ts';
import { classify } from '../../lib/report/verdict/classify.ts';
import { conformingOrder, contextFor, jsonResponse } from './synthetic-spec.ts';

const order = contextFor('getOrder');
const without = (field: string) =>
  Object.fromEntries(Object.entries(conformingOrder).filter(([key]) => key !== field));
const mock = { isMock: true } as TargetProfile;
const foreign = { isMock: false } as TargetProfile;

test.describe('findings: violations and omissions', () => {
  test('an absent field the reference does not state always present is an omission', () => {
    const [finding] = runFindings(order, jsonResponse(200, without('total_amount')));
    expect(finding).toMatchObject({
      check: 'responseSchemaConformance',
      operation: 'GET /orders/{order_id}',
      field: 'total_amount',
      level: 'omission',
    });
  });

  test('an absent field listed in x-presence-stated, a wrong type and a value outside the enum are violations', () => {
    const missing = runFindings(order, jsonResponse(200, without('id')));
    expect(missing.map((f) => [f.field, f.level])).toEqual([['id', 'violation']]);
    const wrong = runFindings(
      order,
      jsonResponse(200, { ...conformingOrder, total_amount: '1', status: 'x' }),
    );
    expect(wrong.map((f) => [f.field, f.level]).sort()).toEqual([
      ['status', 'violation'],
      ['total_amount', 'violation'],
    ]);
  });

  test('omissions fail on the mock; elsewhere only a field the memory shows always present fails', () => {
    const missing = (field: string) => runFindings(order, jsonResponse(200, without(field)));
    const outcome = (field: string, target: TargetProfile) => judge(missing(field), target)[0]?.outcome;
    expect(outcome('pack_id', mock)).toBe('new');
    // production's captures leave pack_id out of some orders, never total_amount
    expect(outcome('pack_id', foreign)).toBe('reported');
    const [gone] = judge(missing('total_amount'), foreign);
    expect(gone).toMatchObject({ outcome: 'new', field: 'total_amount' });
    expect(gone?.message).toContain("disappeared: present in every answer of production's captured answers");
    expect(outcome('total_amount', { ...foreign, omissions: 'report' })).toBe('reported');
    expect(outcome('pack_id', { ...foreign, omissions: 'fail' })).toBe('new');
    expect(outcome('total_amount', { ...mock, omissions: 'report' })).toBe('reported');
  });

  test("a target's memory of its last run replaces production's: a field it always sent and now omits fails", () => {
    const memory = join(mkdtempSync(join(tmpdir(), 'memory-')), 'm.json');
    const presence: Presence = {};
    tallyAnswer(presence, 'GET /orders/{order_id}', conformingOrder);
    tallyAnswer(presence, 'GET /orders/{order_id}', conformingOrder);
    writeMemory(memory, presence, '2026-11-23');
    const findings = runFindings(order, jsonResponse(200, without('pack_id')));
    const [gone] = judge(findings, { ...foreign, memory });
    expect(gone).toMatchObject({ outcome: 'new', field: 'pack_id' });
    expect(gone?.message).toContain('the last run of this target (2026-11-23)');
  });

  test('a field counts as always present only when every answer with its parent had it, over two answers at least', () => {
    const presence: Presence = {};
    tallyAnswer(presence, 'op', { a: 1, items: [{ id: 1, x: 1 }, { id: 2 }] });
    const tally = () => presence.op;
    expect(alwaysPresent(tally(), 'a')).toBe(false);
    tallyAnswer(presence, 'op', { a: 2, b: 1, items: [{ id: 3 }] });
    expect(alwaysPresent(tally(), 'a')).toBe(true);
    expect(alwaysPresent(tally(), 'b')).toBe(false);
    expect(alwaysPresent(tally(), 'items[].id')).toBe(true);
    expect(alwaysPresent(tally(), 'items[].x')).toBe(false);
    tallyAnswer(presence, 'op', { a: 3, items: [] });
    expect(alwaysPresent(tally(), 'items[].id')).toBe(true);
  });

  test('a deviation in the baseline is known; another one stays new', () => {
    const baseline = join(mkdtempSync(join(tmpdir(), 'findings-')), 'b.jsonl');
    const line = {
      check: 'responseSchemaConformance',
      operation: 'GET /orders/{order_id}',
      field: 'total_amount',
    };
    writeFileSync(baseline, `# known\n${JSON.stringify({ ...line, reason: 'r', date: '2026-11-22' })}\n`);
    const findings = runFindings(
      order,
      jsonResponse(200, { ...conformingOrder, total_amount: '1', status: 'x' }),
    );
    const outcomes = judge(findings, { ...mock, baseline }).map((f) => [f.field, f.outcome]);
    expect(outcomes.sort()).toEqual([
      ['status', 'new'],
      ['total_amount', 'known'],
    ]);
  });
});

test.describe('findings keep their structure through the verdict', () => {
  test('judging keeps the requirement, pointer, keyword and evidence of each finding; the verdict groups by them', () => {
    const findings = runFindings(order, jsonResponse(200, { ...conformingOrder, status: 'x' }));
    const [judged] = judge(findings, mock);
    expect(judged).toMatchObject({
      check: 'responseSchemaConformance',
      requirement: 'ORD-STATUS-VALUES',
      field: 'status',
      pointer: '/status',
      keyword: 'enum',
      evidence: { status: 200, value: '"x" (string)' },
      outcome: 'new',
    });
    const record = {
      title: 't',
      file: 'f',
      project: 'contract',
      tags: [],
      requirements: [],
      outcome: 'failed' as const,
      durationMs: 1,
      judgements: [],
      findings: judge(findings, mock),
    };
    const [deviation] = classify([record], []).fresh;
    expect(deviation).toMatchObject({ field: 'status', keyword: 'enum', requirement: 'ORD-STATUS-VALUES' });
  });
});

test.describe('statuses the reference does not give', () => {
  test('an undocumented 4xx is a finding on the mock and left to the test on a foreign target', () => {
    const answer = jsonResponse(422, { message: 'm', error: 'e', status: 422, cause: [] });
    expect(statusCodeConformance(order, answer)).toHaveLength(1);
    expect(statusCodeConformance({ ...order, clientErrorStatusOpen: true }, answer)).toEqual([]);
    const server = jsonResponse(503, { message: 'm', error: 'e', status: 503, cause: [] });
    expect(
      statusCodeConformance({ ...order, clientErrorStatusOpen: true, mockChoicesHeld: true }, server),
    ).toHaveLength(1);
  });

  test('expectError takes any row that applies on a foreign target, only the first on the mock', () => {
    const answer = { status: 403, body: { error: 'not_owned_order', message: 'x' }, text: '' };
    const rows = {
      status: 403,
      error: 'forbidden',
      orElse: [{ status: 404, error: 'not_owned_order', statusIsGap: true }],
    };
    expect(() => expectError(answer, rows, foreign)).not.toThrow();
    expect(() => expectError(answer, rows, mock)).toThrow();
    expect(() => expectError(answer, { status: 403, error: 'forbidden' }, foreign)).toThrow();
  });
});
