/**
 * Issue 32: a rule lives once, in lib/rules. The commands (scripts/traffic, scripts/drift) and the
 * properties' models read the limits and conditions of the reference from there: none of them defines
 * its own copy. (That lib/rules imports no test runner, test or mock is .dependency-cruiser.cjs's
 * rule `rules-pure`, run by architecture.spec.ts.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';

const ROOT = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** A limit of the reference written as a constant, or a count of it written as a bare number. */
const COPIES = [
  /\b(SELLER_MAX|BUYER_MAX|MAX_FILES|FISCAL_TYPES|TEXT_LIMITS)\s*[:=]/,
  /=\s*(350|3500)\s*;/,
  /\b(held|files|types)\.length\s*(>=?|===)\s*2\b/,
];

/** Lines of the files that hold their own copy of a rule constant. */
function copiesIn(files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        COPIES.some((copy) => copy.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
}

test.describe('a rule lives once (lib/rules)', () => {
  test('traffic, drift and the models define no limit of the reference of their own', () => {
    const files = [
      ...sources('scripts/traffic'),
      ...sources('scripts/drift'),
      ...sources('tests/properties/models'),
    ];
    expect(files.length).toBeGreaterThan(10);
    expect(copiesIn(files)).toEqual([]);
  });

  test('lib/rules defines each limit once', () => {
    const definitions = sources('lib/rules').flatMap((file) =>
      [
        ...readFileSync(join(ROOT, file), 'utf8').matchAll(
          /export const (SELLER_MAX|BUYER_MAX|MAX_FILES)\s*=/g,
        ),
      ].map((match) => `${match[1]} in ${file}`),
    );
    expect(definitions.sort()).toEqual([
      'BUYER_MAX in lib/rules/message-length.ts',
      'MAX_FILES in lib/rules/fiscal-model.ts',
      'SELLER_MAX in lib/rules/message-length.ts',
    ]);
  });
});
