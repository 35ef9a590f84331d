/**
 * The error rows of the spec (`x-error-rows`): every row of the reference's error tables is there, on
 * every operation its requirement names, and each row is well formed, so the one rule that reads them
 * (lib/rules/error-rows.ts) can decide it.
 */
import { expect, test } from '@playwright/test';
import { loadRequirements } from '../../lib/catalog/requirements.ts';
import type { ErrorRow, FilesTest, RowCondition, ValueTest } from '../../lib/rules/error-row-data.ts';
import { boundOf, specRowOperations } from '../../lib/rules/error-row-data.ts';

const requirements = loadRequirements().filter((r) => !r.retired);
const operations = specRowOperations();

/** A requirement of the reference's error tables (or its no-token answer): one row per operation it names. */
const isErrorRow = (r: (typeof requirements)[number]) =>
  r.basis === 'documented' && r.kind !== 'meaning' && (r.kind === 'error' || /-ERR-|-NO-TOKEN/.test(r.id));

const CONDITION_KEYS: (keyof RowCondition)[] = ['token', 'caller', 'path', 'query', 'body', 'json', 'files'];
const VALUE_KEYS: (keyof ValueTest)[] = [
  'absent',
  'matching',
  'notMatching',
  'atMost',
  'longerThan',
  'countAbove',
  'outsideCharset',
  'equalsBody',
  'equalsPath',
  'differsFromPath',
];
const FILES_KEYS: (keyof FilesTest)[] = [
  'countBelow',
  'countAbove',
  'anyEmpty',
  'anyNameMatching',
  'anyTypeNotIn',
  'anyLargerThan',
  'sameTypeTwice',
];
const ROW_KEYS: (keyof ErrorRow)[] = [
  'requirement',
  'when',
  'needs',
  'status',
  'mockStatus',
  'error',
  'message',
  'or',
  'mayAnswer',
];

const unknownKeys = (node: object | undefined, known: readonly string[]) =>
  Object.keys(node ?? {}).filter((key) => !known.includes(key));

/** What is wrong with one row: an unknown word (which the rule would ignore, so the row would always hold), a limit that is no number. */
function rowProblems(operationId: string, row: ErrorRow): string[] {
  const op = operations.get(operationId)!;
  const where = `${operationId} ${row.requirement}`;
  const problems = [
    ...unknownKeys(row, ROW_KEYS).map((key) => `${where}: unknown key ${key}`),
    ...unknownKeys(row.when, CONDITION_KEYS).map((key) => `${where}: unknown condition ${key}`),
  ];
  if (!row.when && !row.needs?.length) problems.push(`${where}: neither a condition nor a state it needs`);
  if (row.status === undefined && row.error === undefined)
    problems.push(`${where}: no status and no error code`);
  const values = [row.when?.path, row.when?.query, row.when?.body].flatMap((tests) =>
    Object.values(tests ?? {}),
  );
  for (const value of values) {
    problems.push(...unknownKeys(value, VALUE_KEYS).map((key) => `${where}: unknown value test ${key}`));
    for (const bound of [value.longerThan, value.countAbove])
      if (bound !== undefined && boundOf(bound, op.limits) === undefined)
        problems.push(`${where}: ${JSON.stringify(bound)} is not a number of x-limits`);
  }
  for (const files of Object.values(row.when?.files ?? {})) {
    problems.push(...unknownKeys(files, FILES_KEYS).map((key) => `${where}: unknown files test ${key}`));
    for (const bound of [files.countAbove, files.countBelow, files.anyLargerThan])
      if (bound !== undefined && boundOf(bound, op.limits) === undefined)
        problems.push(`${where}: ${JSON.stringify(bound)} is not a number of x-limits`);
  }
  return problems;
}

test.describe('spec: error rows (x-error-rows)', () => {
  test('every row of the reference error tables is a row of each operation its requirement names', () => {
    const missing: string[] = [];
    const counts: string[] = [];
    for (const op of operations.values()) {
      const expected = requirements.filter((r) => isErrorRow(r) && r.operations.includes(op.operationId));
      const written = new Set(op.rows.map((row) => row.requirement));
      for (const r of expected) if (!written.has(r.id)) missing.push(`${op.operationId}: ${r.id}`);
      if (expected.length > 0) counts.push(`${op.operationId} ${op.rows.length}/${expected.length}`);
    }
    expect(missing).toEqual([]);
    // Each operation with error rows in the catalog carries at least as many rows.
    expect(counts.length).toBeGreaterThan(10);
  });

  test('every row names a requirement of the catalog that names its operation', () => {
    const byId = new Map(requirements.map((r) => [r.id, r]));
    const wrong = [...operations.values()].flatMap((op) =>
      op.rows
        .filter((row) => !byId.get(row.requirement)?.operations.includes(op.operationId))
        .map((row) => `${op.operationId}: ${row.requirement}`),
    );
    expect(wrong).toEqual([]);
  });

  test('every row is written in the vocabulary the rule reads (spec/README.md)', () => {
    const problems = [...operations.values()].flatMap((op) =>
      op.rows.flatMap((row) => rowProblems(op.operationId, row)),
    );
    expect(problems).toEqual([]);
  });

  test('every operation that requires a token is one the no-token rule judges', () => {
    const protectedOps = [...operations.values()]
      .filter((op) => op.tokenRequired)
      .map((op) => op.operationId);
    expect(protectedOps).toEqual(
      expect.arrayContaining(['getOrder', 'uploadFiscalDocuments', 'getUserStatus', 'sendPackMessage']),
    );
    expect(protectedOps).not.toContain('listCountries');
    expect(operations.get('getUserStatus')?.tokenInQuery).toBe(true);
  });
});
