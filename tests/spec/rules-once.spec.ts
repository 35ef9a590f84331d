/**
 * Issue 32: a rule lives once, in lib/rules. The commands (scripts/traffic, scripts/drift), the
 * properties and their models, the engine and the fixtures read the limits and conditions of the
 * reference from there: none of them defines its own copy. The few constants lib/rules keeps for
 * generators agree with the spec that states them. (That lib/rules imports no test runner, test or mock
 * is .dependency-cruiser.cjs's rule `rules-pure`, run by architecture.spec.ts.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { specRowOperations } from '../../lib/rules/error-row-data.ts';
import { FISCAL_TYPES, MAX_FILES } from '../../lib/rules/fiscal-model.ts';
import { BUYER_MAX, SELLER_MAX } from '../../lib/rules/message-length.ts';
import { allRules } from '../../lib/rules/registry.ts';

const ROOT = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** A second definition of a rule of lib/rules, by what it defines. */
const COPIES: Record<string, RegExp[]> = {
  'the message limits': [
    /\b(SELLER_MAX|BUYER_MAX|TEXT_LIMITS)\s*[:=]/,
    /(?:[<>]=?|===?)\s*(350|3500)\b|\b(350|3500)\s*;/,
    /\.length\s*>\s*25\b/,
    /\bMAYBE_EMOTICON\s*=|Extended_Pictographic/,
  ],
  'the fiscal conditions': [
    /\b(MAX_FILES|FISCAL_TYPES)\s*[:=]/,
    /\b(held|files|types|parts)\.length\s*(>=?|===)\s*2\b/,
    /\b(file|f)\.size\s*===\s*0\b/,
    /'application\/pdf',\s*'application\/xml'/,
  ],
  'the no-token table': [/\b(PROTECTED\w*|NO_TOKEN\w*|ORDER_READS|NO_TOKEN_CODES)\s*[:=]/],
  'the order-search filter rules': [
    /\b(function|const)\s+(carriesTag|lacksTags|holdsItem|inStatus|partyId|dateWithin|tagRule|tagsNotRule|itemRule|statusRule|roleRule|ownerRule|dateRule|mediationRule|feedback\w*Rule)\b/,
  ],
};

/** Lines of the files that hold their own copy of a rule, each named by the rule it copies. */
function copiesIn(files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        Object.entries(COPIES)
          .filter(([, patterns]) => patterns.some((copy) => copy.test(line)))
          .map(([rule]) => `${file}:${i + 1}: ${rule}: ${line.trim()}`),
      ),
  );
}

/** Every file outside lib/rules that judges or builds on the reference's rules. */
const outsideRules = () => [
  ...sources('scripts/traffic'),
  ...sources('scripts/drift'),
  ...sources('tests/properties'),
  ...sources('fixtures'),
  ...sources('lib').filter((file) => !/^lib\/(rules|generated)\//.test(file)),
];

test.describe('a rule lives once (lib/rules)', () => {
  test('traffic, drift, the properties, their models and the engine define no rule of their own', () => {
    const files = outsideRules();
    expect(files.length).toBeGreaterThan(100);
    expect(copiesIn(files)).toEqual([]);
  });

  test('each copy pattern finds the one definition lib/rules holds', () => {
    const found = copiesIn(sources('lib/rules')).map((line) => line.split(': ')[1]);
    expect(new Set(found)).toEqual(new Set(Object.keys(COPIES)));
  });

  test('lib/rules defines each limit once', () => {
    const definitions = sources('lib/rules').flatMap((file) =>
      [
        ...readFileSync(join(ROOT, file), 'utf8').matchAll(
          /export const (SELLER_MAX|BUYER_MAX|MAX_FILES|FISCAL_TYPES)\s*[:=]/g,
        ),
      ].map((match) => `${match[1]} in ${file}`),
    );
    expect(definitions.sort()).toEqual([
      'BUYER_MAX in lib/rules/message-length.ts',
      'FISCAL_TYPES in lib/rules/fiscal-files.ts',
      'MAX_FILES in lib/rules/fiscal-files.ts',
      'SELLER_MAX in lib/rules/message-length.ts',
    ]);
  });

  test("the limits lib/rules keeps for generators are the spec's (x-limits, x-error-rows)", () => {
    const operations = specRowOperations();
    const send = operations.get('sendPackMessage')?.limits as { textMaxLength?: Record<string, number> };
    expect({ seller: SELLER_MAX, buyer: BUYER_MAX }).toEqual(send.textMaxLength);
    const upload = operations.get('uploadFiscalDocuments');
    expect(upload?.limits).toMatchObject({ filesPerRequest: MAX_FILES, filesPerPackPerSeller: MAX_FILES });
    const typeRow = upload?.rows.find((row) => row.requirement === 'FIS-ERR-TYPE');
    expect(typeRow?.when?.files?.fiscal_document?.anyTypeNotIn).toEqual(FISCAL_TYPES);
  });

  test('no requirement is judged by two rules of the registry', () => {
    const judgedBy = new Map<string, number>();
    for (const rule of allRules())
      for (const id of rule.requirements) judgedBy.set(id, (judgedBy.get(id) ?? 0) + 1);
    expect(judgedBy.size).toBeGreaterThan(50);
    expect([...judgedBy].filter(([, rules]) => rules > 1)).toEqual([]);
  });

  test('traffic judges only with the registry: it names no requirement of its own', () => {
    const named = sources('scripts/traffic').flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /'[A-Z]{2,5}(-[A-Z0-9]+)+'/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(named).toEqual([]);
  });

  test('the contract tests leave to the registry what it judges on the answers they ask for', () => {
    // A test asks; the registry judges its answer (expectRules, and the run's judge on every answer).
    // Applying one of these oracles in a test judges the same answer a second time, by hand.
    const judgedByRegistry =
      /\b(roleRule|statusRule|tagsNotRule|itemRule|dateRule|sellerManualRule|deliveryTimeJudgements|orderSearchJudgements|queryResultRules)\b/;
    const restated = sources('tests/contract').flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (judgedByRegistry.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(restated).toEqual([]);
  });
});
