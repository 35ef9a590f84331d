/**
 * A row added to the spec's `x-error-rows` is judged everywhere without code (issue 32): planted in a
 * copy of the bundled spec, the mock-side table builds a request meeting it, the rule judges the
 * answer, traffic reports it and drift expects it. Nothing below names the row's condition to any tool.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { bundledSpecPath } from '../../lib/checks/spec.ts';
import type { Exchange } from '../../lib/exchange/exchange.ts';
import { type ErrorRow, type RowDocument, rowOperations } from '../../lib/rules/error-row-data.ts';
import {
  callExchange,
  encodePlan,
  planCall,
  planMeeting,
  type RequestPlan,
} from '../../lib/rules/error-row-requests.ts';
import { conditionOf, errorRowRule } from '../../lib/rules/error-rows.ts';
import { rowExpectation } from '../../scripts/drift/error-rows.ts';
import type { NumberedExchange } from '../../scripts/traffic/exchange.ts';
import type { Judged } from '../../scripts/traffic/kit.ts';
import type { Matched } from '../../scripts/traffic/match.ts';
import { errorRowOutcomes } from '../../scripts/traffic/request-rules.ts';

/** The planted row: a message read whose `tag` is not post_sale (a condition no rule of the suite names). */
const PLANTED: ErrorRow = {
  requirement: 'MSG-ERR-PLANTED-TAG',
  when: { query: { tag: { notMatching: '^post_sale$' } } },
  status: 400,
  error: 'bad_request',
};

function plantedOperations() {
  const doc = JSON.parse(readFileSync(bundledSpecPath, 'utf8')) as RowDocument & {
    paths: Record<string, Record<string, { 'x-error-rows'?: ErrorRow[] }>>;
  };
  doc.paths['/messages/{message_id}']!.get!['x-error-rows']!.push(PLANTED);
  return rowOperations(doc);
}

const ops = plantedOperations();
const op = ops.get('getMessage')!;
const BASE: RequestPlan = { as: 'seller', path: { message_id: 'a1b2c3d4' }, query: { tag: 'post_sale' } };

/** The planned request answered with a status and error code, as the rules read it. */
function answered(plan: RequestPlan, status: number, error?: string): Exchange {
  const body = error ? { message: 'm', error, status, cause: [] } : { id: 'a1b2c3d4' };
  const text = JSON.stringify(body);
  const headers = { 'content-type': 'application/json' };
  return callExchange(op, planCall(plan), { status, headers, bytes: Buffer.from(text), text, body });
}

test.describe('a row planted in a copy of the spec', () => {
  const plan = planMeeting(op, PLANTED, BASE);

  test('the mock-side table builds a request that meets it', () => {
    expect(plan?.query.tag).not.toBe('post_sale');
    expect(encodePlan(plan!).body).toBeUndefined();
    expect(conditionOf(answered(plan!, 0), PLANTED, {}, ops)).toBe(true);
    expect(conditionOf(answered(BASE, 0), PLANTED, {}, ops)).toBe(false);
  });

  test("the rule judges the answer: the row's answer holds it, a success breaks it", () => {
    const rule = errorRowRule(() => ops);
    expect(rule.requirements).toContain(PLANTED.requirement);
    const held = rule.judge(answered(plan!, 400, 'bad_request'), { history: [] });
    const broken = rule.judge(answered(plan!, 200), { history: [] });
    expect(held.map((j) => `${j.requirement} ${j.outcome}`)).toEqual(['MSG-ERR-PLANTED-TAG held']);
    expect(broken.map((j) => `${j.requirement} ${j.outcome}`)).toEqual(['MSG-ERR-PLANTED-TAG broken']);
    expect(rule.judge(answered(BASE, 200), { history: [] })).toEqual([]);
  });

  test('traffic reports it from a recorded exchange', () => {
    const exchange = answered(plan!, 200);
    const recorded: NumberedExchange = { ...exchange, index: 1 };
    const matched = {
      op: { operationId: 'getMessage' },
      label: 'GET /messages/{message_id}',
      params: {},
    } as unknown as Matched;
    const judged: Judged = { exchange: recorded, matched, caller: 'digest' };
    const outcomes = errorRowOutcomes(judged, ops);
    expect(outcomes.map((o) => `${o.rule} ${o.requirement} ${o.passed}`)).toEqual([
      'errorRow MSG-ERR-PLANTED-TAG false',
    ]);
  });

  test('drift expects its answer of both sides', () => {
    const call = { operationId: 'getMessage', as: 'seller' as const, path: plan!.path, query: plan!.query };
    expect(rowExpectation(call, {}, ops)).toEqual({
      refused: 'MSG-ERR-PLANTED-TAG',
      status: { code: 400, requirement: 'MSG-ERR-PLANTED-TAG' },
      error: { code: 'bad_request', requirement: 'MSG-ERR-PLANTED-TAG' },
    });
    expect(rowExpectation({ ...call, query: BASE.query }, {}, ops)).toBeUndefined();
  });
});
