import { expect, test } from '@playwright/test';
import { relationCandidates, relationCensus } from '../../lib/rules/relation-census.ts';
import { bundledDocument } from '../../lib/rules/relation-data.ts';

// Issue 46: the census under the reading of the reference. Every place of an answer schema where a
// value may be tied to another (an id beside its attributes, an embedded resource, a total, count, part,
// rate or unit, two timestamps in one object, a resource served by two operations) is declared as a
// relation (`x-relations`) or exempted on its schema with the reference's words (`x-relations-exempt`).
type Node = Record<string, unknown>;
const doc = bundledDocument();
const census = relationCensus(doc);
const schemas = (doc.components as { schemas: Record<string, Node> }).schemas;

test.describe('spec: the relation census', () => {
  test('declares or exempts every candidate, and says how many of each', () => {
    const open = census.filter((entry) => !entry.answer);
    const counts = new Map<string, { declared: number; exempt: number }>();
    for (const { kind, answer } of census) {
      const count = counts.get(kind) ?? { declared: 0, exempt: 0 };
      if (answer && 'declared' in answer) count.declared += 1;
      else if (answer) count.exempt += 1;
      counts.set(kind, count);
    }
    test.info().annotations.push({
      type: 'census',
      description: [...counts]
        .map(([kind, c]) => `${kind}: ${c.declared} declared, ${c.exempt} exempt`)
        .join('; '),
    });
    expect(
      open.map((e) => `${e.schema} ${e.candidate} (${e.kind}: ${e.why})`),
      'candidates neither declared as a relation nor exempted with the reference’s words',
    ).toEqual([]);
    expect(census.length).toBeGreaterThan(50);
  });

  test('exempts only candidates the census finds, each with a reason', () => {
    const found = new Set(relationCandidates(doc).map((c) => `${c.schema} ${c.candidate}`));
    const stale = Object.entries(schemas).flatMap(([name, schema]) =>
      Object.entries((schema['x-relations-exempt'] as Record<string, unknown> | undefined) ?? {})
        .filter(
          ([candidate, why]) =>
            !found.has(`${name} ${candidate}`) || typeof why !== 'string' || why.length < 20,
        )
        .map(([candidate]) => `${name} ${candidate}`),
    );
    expect(stale, 'exemptions of no candidate, or without a reason').toEqual([]);
  });

  test('finds a candidate of each kind', () => {
    const kinds = new Set(census.map((e) => e.kind));
    expect([...kinds].sort()).toEqual([
      'embedded-resource',
      'id-with-attributes',
      'magnitude',
      'timestamps',
      'views',
    ]);
  });
});
