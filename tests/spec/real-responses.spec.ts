import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  type ExpectedEntry,
  loadExpectedTable,
  loadRealResponses,
  outcomeOf,
  REJECTION_REASONS,
  tableCounts,
} from '../../lib/checks/real-responses.ts';
import { loadSpec } from '../../lib/checks/spec.ts';
import { normalise, referencePath } from './keyword-backing.ts';

const spec = loadSpec();
const captures = loadRealResponses();
const table = loadExpectedTable();
const reference = normalise(readFileSync(referencePath, 'utf8'));

const quotesIn = (text: string) => [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);

test.describe('spec: real production responses', () => {
  test('the corpus is in the repository and the table lists every body once', () => {
    expect(captures.length).toBe(97);
    expect(Object.keys(table).sort()).toEqual(captures.map((c) => c.file));
  });

  test('every body is accepted or rejected as the table says, with the same findings', async ({}, testInfo) => {
    const differences: string[] = [];
    for (const capture of captures) {
      const outcome = outcomeOf(spec, capture);
      const expected = table[capture.file] as ExpectedEntry;
      const now = outcome.accepted ? 'accepted' : 'rejected';
      if (now !== expected.outcome)
        differences.push(`${capture.file}: ${now}, table says ${expected.outcome}`);
      else if (JSON.stringify(sorted(outcome.findings)) !== JSON.stringify(sorted(expected.findings ?? {})))
        differences.push(`${capture.file}: findings ${JSON.stringify(sorted(outcome.findings))}`);
    }
    await testInfo.attach('counts', {
      body: JSON.stringify(tableCounts(table), null, 2),
      contentType: 'application/json',
    });
    expect(differences).toEqual([]);
  });

  test('every rejection has a named reason that its findings support', () => {
    const bad = Object.entries(table).flatMap(([file, entry]) => {
      if (entry.outcome === 'accepted')
        return entry.reason || entry.findings ? [`${file}: accepted with a reason`] : [];
      const kinds = Object.values(entry.findings ?? {});
      if (!entry.reason || !(REJECTION_REASONS as readonly string[]).includes(entry.reason))
        return [`${file}: reason "${entry.reason}"`];
      if (!entry.basis) return [`${file}: no basis`];
      if (entry.reason === 'omission' && kinds.some((k) => k !== 'omission'))
        return [`${file}: a violation read as omission`];
      if (entry.reason === 'production deviation' && !kinds.includes('violation'))
        return [`${file}: a deviation without a violation`];
      return [];
    });
    expect(bad).toEqual([]);
  });

  test('every production deviation quotes the reference statement it breaks', () => {
    const unquoted = Object.entries(table)
      .filter(([, entry]) => entry.reason === 'production deviation')
      .filter(([, entry]) => {
        const quotes = quotesIn(entry.basis ?? '');
        return quotes.length === 0 || quotes.some((q) => !reference.includes(normalise(q)));
      })
      .map(([file, entry]) => `${file}: ${entry.basis}`);
    expect(unquoted).toEqual([]);
  });
});

function sorted(findings: Record<string, string>): [string, string][] {
  return Object.entries(findings).sort(([a], [b]) => a.localeCompare(b));
}
