import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { loadSpec } from '../../lib/checks/spec.ts';
import { quotesNotInReference, referencePath, unbackedKeywords } from './keyword-backing.ts';

const spec = loadSpec();
const doc = spec.doc as unknown as Record<string, unknown>;

/** Every `x-presence-stated` list of the document with the `required` list beside it. */
function presenceLists(node: unknown, pointer = '', found: [string, string[], string[]][] = []) {
  if (!node || typeof node !== 'object') return found;
  const record = node as Record<string, unknown>;
  const stated = record['x-presence-stated'];
  if (Array.isArray(stated)) found.push([pointer, stated as string[], (record.required as string[]) ?? []]);
  for (const [key, value] of Object.entries(record)) presenceLists(value, `${pointer}/${key}`, found);
  return found;
}

test.describe('spec: every keyword is backed by the reference', () => {
  test('keeps a copy of the reference inside the repository', () => {
    expect(existsSync(referencePath), referencePath).toBe(true);
  });

  test('quotes in x-reference occur verbatim in the reference, each short', () => {
    expect(quotesNotInReference(doc)).toEqual([]);
  });

  test('backs every type, enum, const, pattern, required, limit and default by a quote, or marks it', () => {
    expect(unbackedKeywords(doc)).toEqual([]);
  });

  test('states presence only of fields the same object requires', () => {
    const loose = presenceLists(doc).flatMap(([pointer, stated, required]) =>
      stated.filter((name) => !required.includes(name)).map((name) => `${pointer}: ${name}`),
    );
    expect(presenceLists(doc).length).toBeGreaterThan(3);
    expect(loose).toEqual([]);
  });
});

test.describe('spec: the backing check itself', () => {
  const schema = (extra: Record<string, unknown>) => ({
    components: { schemas: { Sample: { type: 'object', required: ['ratio'], ...extra } } },
  });

  test('reports a keyword no quote backs', () => {
    const found = unbackedKeywords(
      schema({ properties: { ratio: { type: 'string' }, kind: { type: 'string', enum: ['a', 'b'] } } }),
    );
    expect(found.join('\n')).toContain('/components/schemas/Sample/properties/ratio: type string');
    expect(found.join('\n')).toContain('/components/schemas/Sample/properties/kind: enum a, b');
    expect(found.join('\n')).toContain('/components/schemas/Sample: required ratio');
  });

  test('accepts the keyword when a quote gives the field its type, or when it is marked', () => {
    const quoted = schema({
      'x-reference': 'Object {ratio: number}.',
      properties: { ratio: { type: 'number' } },
    });
    expect(unbackedKeywords(quoted)).toEqual([]);
    const marked = schema({
      'x-reference': 'Object {ratio: number}.',
      properties: { ratio: { type: 'string', 'x-mock-behaviour': 'a string' } },
    });
    expect(unbackedKeywords(marked)).toEqual([]);
  });

  test('does not let a quote back a type it gives another field', () => {
    const other = schema({
      'x-reference': 'Object {ratio, rate: number}.',
      properties: { ratio: { type: 'integer' } },
    });
    expect(unbackedKeywords(other).join('\n')).toContain('properties/ratio: type integer');
  });

  const quoted = (quote: string, properties: Record<string, unknown>) => ({
    components: { schemas: { Sample: { type: 'object', 'x-reference': quote, properties } } },
  });

  test('reads a plural after the last of a run of names as the type of each, at the end of a quote too', () => {
    const run = 'limits: a_length, b_length, c_length (integers)';
    expect(unbackedKeywords(quoted(run, { a_length: { type: 'integer' } }))).toEqual([]);
    expect(unbackedKeywords(quoted(run, { a_length: { type: 'string' } })).join('\n')).toContain(
      'properties/a_length: type string',
    );
    const arrays = 'checks {size, extension, other: arrays}, site';
    expect(unbackedKeywords(quoted(arrays, { size: { type: 'array' } }))).toEqual([]);
  });

  test('reads a sentence about the plural of a field name as its type', () => {
    const sentence = 'State and city ids are opaque strings.';
    expect(unbackedKeywords(quoted(sentence, { id: { type: 'string' } }))).toEqual([]);
    expect(unbackedKeywords(quoted(sentence, { id: { type: 'integer' } })).join('\n')).toContain(
      'properties/id: type integer',
    );
    expect(unbackedKeywords(quoted(sentence, { name: { type: 'string' } })).join('\n')).toContain(
      'properties/name: type string',
    );
  });

  test('reads a table row naming a nested field by its dotted path, and only under that parent', () => {
    const row = '| from.user_id | string | yes | Sender |';
    const nested = (parent: string) => ({
      [parent]: { type: 'object', properties: { user_id: { type: 'string' } } },
    });
    expect(unbackedKeywords(quoted(row, nested('from')))).toEqual([]);
    expect(unbackedKeywords(quoted(row, nested('to'))).join('\n')).toContain(
      'properties/to/properties/user_id: type string',
    );
  });

  test('reports a quote the reference does not contain', () => {
    expect(
      quotesNotInReference({ 'x-reference': 'ratio is always positive' }, 'Object {ratio: number}.'),
    ).toEqual([': "ratio is always positive" is not in the reference']);
  });
});
