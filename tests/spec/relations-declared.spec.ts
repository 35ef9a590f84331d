import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { citedRequirements } from '../../lib/catalog/citations.ts';
import { loadRequirements } from '../../lib/catalog/requirements.ts';
import { FACT_REQUIREMENTS, WITHIN_REQUIREMENTS } from '../../lib/facts/judge.ts';
import { rulesOf } from '../../lib/rules/registry.ts';
import { bundledDocument, declaredRelations, RELATION_KINDS } from '../../lib/rules/relation-data.ts';
import { referencePath } from './keyword-backing.ts';

// Issue 46: every relation the spec declares (`x-relations`) quotes the reference, names a requirement
// of the catalog and a kind, and one judged by code is keyed to code that judges its requirement.
const declared = declaredRelations(bundledDocument());
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
const reference = squeeze(readFileSync(referencePath, 'utf8'));
const ids = new Set(loadRequirements().map((r) => r.id));

test.describe('spec: the declared relations', () => {
  test('declares relations of every kind', () => {
    expect(RELATION_KINDS.filter((kind) => !declared.some((d) => d.relation.kind === kind))).toEqual([]);
  });

  test('quotes the reference verbatim in each relation', () => {
    const unfound = declared.flatMap(({ relation, node }) =>
      [relation.quote]
        .flat()
        .filter((quote) => !reference.includes(squeeze(quote)))
        .map((quote) => `${node} ${relation.requirement}: ${quote}`),
    );
    expect(unfound).toEqual([]);
  });

  test('names a requirement of the catalog in each relation', () => {
    expect(
      declared.filter((d) => !ids.has(d.relation.requirement)).map((d) => d.relation.requirement),
    ).toEqual([]);
  });

  test('keys each relation judged by code to a registry rule, the facts or a target test', () => {
    const facts = new Set<string>([
      ...Object.values(FACT_REQUIREMENTS),
      ...Object.values(WITHIN_REQUIREMENTS),
    ]);
    const cited = citedRequirements(ids);
    const unjudged = declared
      .filter((d) => d.relation.judge === 'code')
      .map((d) => d.relation.requirement)
      .filter((id) => rulesOf(id).length === 0 && !facts.has(id) && !cited.has(id));
    expect(unjudged).toEqual([]);
  });
});
