import { expect, test } from '@playwright/test';
import { loadSpec } from '../../lib/checks/spec.ts';
import {
  classesOf,
  classesSent,
  type ParameterInfo,
  parametersOfSpec,
  withheldReason,
} from '../../lib/run-judge/input-classes.ts';

// The classes of input (issue 47 item 3) read off the spec, and which class one request sent: the
// tally of the report and the property that sends them share these, so they are proven here apart.

const param = (over: Partial<ParameterInfo>): ParameterInfo => ({
  operation: 'listPackMessages',
  name: 'limit',
  in: 'query',
  required: false,
  schema: { type: 'integer', exclusiveMinimum: 0 },
  listed: [],
  ...over,
});
const none = { known: new Set<string>() };
const sent = (value: string, raw = value, count = 1) => ({ value, raw, count });

test.describe('the classes of a parameter, from the spec', () => {
  test('a bounded optional integer of the query has its bounds, its type, absence, encoding and repetition', () => {
    expect(classesOf(param({}))).toEqual([
      'given',
      'absent',
      'wrong-type',
      'at-bound',
      'past-bound',
      'percent-encoded',
      'repeated',
    ]);
  });

  test('an opaque id of the path has another letter case; a numeric one leading zeros; a user another user', () => {
    expect(
      classesOf(param({ name: 'category_id', in: 'path', required: true, schema: { type: 'string' } })),
    ).toContain('other-case');
    expect(
      classesOf(param({ name: 'order_id', in: 'path', required: true, schema: { type: 'integer' } })),
    ).toContain('leading-zeros');
    expect(classesOf(param({ name: 'seller', schema: { type: 'string' } }))).toContain('another-user');
  });

  test('every parameter of the bundled spec has a well-formed class, and the optional ones absence', () => {
    for (const p of parametersOfSpec(loadSpec())) {
      expect(classesOf(p), `${p.operation} ${p.name}`).toContain('given');
      if (!p.required) expect(classesOf(p), `${p.operation} ${p.name}`).toContain('absent');
    }
  });
});

test.describe('the classes one request sent', () => {
  test('a bound, one past it, and the wrong type; a value of a wrong class is not also well formed', () => {
    const limit = param({});
    expect(classesSent(limit, sent('1'), none)).toEqual(['at-bound', 'given']);
    expect(classesSent(limit, sent('0'), none)).toEqual(['past-bound']);
    expect(classesSent(limit, sent('abc'), none)).toEqual(['wrong-type']);
    expect(classesSent(limit, undefined, none)).toEqual(['absent']);
  });

  test('repeated and percent-encoded are read off the text as sent, not the decoded value', () => {
    const limit = param({});
    expect(classesSent(limit, sent('5', 'limit=5', 2), none)).toEqual(['repeated', 'given']);
    expect(classesSent(limit, sent('5', 'limit=%35'), none)).toEqual(['percent-encoded', 'given']);
    // An escape a client must send (a space) is no class of its own.
    expect(classesSent(param({ schema: { type: 'string' } }), sent('a b', 'q=a%20b'), none)).toEqual([
      'given',
    ]);
  });

  test('an offset at or past the answer total is past the end', () => {
    const offset = param({ name: 'offset', schema: { type: 'integer' } });
    expect(classesSent(offset, sent('40'), { ...none, pagingTotal: 40 })).toEqual(['past-end', 'given']);
    expect(classesSent(offset, sent('39'), { ...none, pagingTotal: 40 })).toEqual(['given']);
  });

  test("an id in another case than one answered, leading zeros, another user's id beside the token", () => {
    const category = param({ name: 'category_id', in: 'path', required: true, schema: { type: 'string' } });
    expect(classesSent(category, sent('mlb1000'), { known: new Set(['MLB1000']) })).toEqual([
      'other-case',
      'given',
    ]);
    expect(classesSent(category, sent('MLB1000'), { known: new Set(['MLB1000']) })).toEqual(['given']);
    const order = param({ name: 'order_id', in: 'path', required: true, schema: { type: 'integer' } });
    expect(classesSent(order, sent('02000000005'), none)).toEqual(['leading-zeros', 'given']);
    const seller = param({ name: 'seller', schema: { type: 'string' } });
    expect(classesSent(seller, sent('3001'), { ...none, callerId: '2001' })).toEqual([
      'another-user',
      'given',
    ]);
    expect(classesSent(seller, sent('2001'), { ...none, callerId: '2001' })).toEqual(['given']);
  });

  test('a listed value, and one not listed where the spec lists them all', () => {
    const mark = param({
      name: 'mark_as_read',
      schema: { type: 'string', enum: ['true', 'false'] },
      listed: ['true', 'false'],
    });
    expect(classesSent(mark, sent('false'), none)).toEqual(['value:false', 'given']);
    expect(classesSent(mark, sent('maybe'), none)).toEqual(['unknown-value']);
  });
});

test.describe('the classes the suite never sends', () => {
  const mark = param({
    name: 'mark_as_read',
    schema: { type: 'string', enum: ['true', 'false'] },
    listed: ['true', 'false'],
  });

  test('a pack listing is never sent without mark_as_read=false, the only value a read-only run may send', () => {
    for (const c of ['absent', 'value:true', 'unknown-value', 'percent-encoded'])
      expect(withheldReason(mark, c, 'get'), c).toMatch(/changes the target's state/);
    for (const c of ['given', 'value:false', 'repeated'])
      expect(withheldReason(mark, c, 'get'), c).toBeUndefined();
  });

  test("the credential stays as the profile gives it; a write's parameters only with values that name no data", () => {
    expect(
      withheldReason(param({ name: 'access_token', operation: 'getUserStatus' }), 'repeated', 'get'),
    ).toMatch(/credential/);
    const pack = param({ name: 'pack_id', in: 'path', operation: 'deleteFiscalDocuments', required: true });
    expect(withheldReason(pack, 'given', 'delete')).toMatch(/a write/);
    expect(withheldReason(pack, 'leading-zeros', 'delete')).toMatch(/a write/);
    expect(withheldReason(pack, 'past-bound', 'delete')).toBeUndefined();
    expect(withheldReason(pack, 'wrong-type', 'delete')).toBeUndefined();
  });
});
