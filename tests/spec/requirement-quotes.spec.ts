import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { citedRequirements } from '../../lib/catalog/citations.ts';
import { loadRequirements, type Requirement } from '../../lib/catalog/requirements.ts';
import { MAX_QUOTE, referencePath } from './keyword-backing.ts';

// Issue 20, item 2: a documented requirement carries the sentence of the reference that states it,
// checked against the repository's copy of the reference (never a file outside the repository).

const requirements = loadRequirements().filter((r) => !r.retired);
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
const reference = squeeze(readFileSync(referencePath, 'utf8'));

/** Every documented requirement whose quote is missing, not verbatim in the reference, or too long. */
function badQuotes(entries: Requirement[], law = reference): string[] {
  return entries
    .filter((r) => r.basis === 'documented')
    .flatMap((r) => {
      if (!r.quote?.trim()) return [`${r.id}: no quote`];
      const problems: string[] = [];
      if (!law.includes(squeeze(r.quote))) problems.push(`${r.id}: "${r.quote}" is not in the reference`);
      if (r.quote.length > MAX_QUOTE + 20)
        problems.push(`${r.id}: the quote is longer than ${MAX_QUOTE + 20}`);
      return problems;
    });
}

test.describe('spec: every documented requirement quotes the reference', () => {
  test('gives each documented requirement a quote found verbatim in the reference copy', () => {
    expect(requirements.filter((r) => r.basis === 'documented').length).toBeGreaterThan(200);
    expect(badQuotes(requirements)).toEqual([]);
  });

  test('every requirement a target test cites, if documented, has its verbatim quote', () => {
    const cited = citedRequirements(new Set(requirements.map((r) => r.id)));
    const citedEntries = requirements.filter((r) => cited.has(r.id));
    expect(citedEntries.length).toBeGreaterThan(100);
    expect(badQuotes(citedEntries)).toEqual([]);
  });

  test('the check fails a missing quote and a quote the reference does not hold', () => {
    const sample = (quote?: string): Requirement => ({
      id: 'X-SAMPLE',
      text: 'sample',
      source: 'sample',
      kind: 'rule',
      basis: 'documented',
      operations: [],
      area: 'sample',
      quote,
    });
    expect(badQuotes([sample()])).toEqual(['X-SAMPLE: no quote']);
    expect(badQuotes([sample('The order can be read by anyone.')])[0]).toContain('is not in the reference');
    expect(badQuotes([sample('The order can be read only with a token of its  buyer or seller.')])).toEqual(
      [],
    );
  });
});
