import { expect, test } from '@playwright/test';
import { citedRequirements } from '../../lib/catalog/citations.ts';
import { listTargetTests } from '../../lib/catalog/listed-tests.ts';
import { loadRequirements } from '../../lib/catalog/requirements.ts';
import { runRules } from '../../lib/run-judge/rules.ts';

const requirements = loadRequirements().filter((r) => !r.retired);
const known = new Set(requirements.map((r) => r.id));
const cited = citedRequirements(known);
// The run's judge (tests/judge/run.spec.ts) verifies the requirements of the rules it applies (an
// untestable one, a storage failure the run cannot provoke, stays untestable: judged if ever met).
const untestable = new Set(requirements.filter((r) => r.untestable).map((r) => r.id));
for (const id of runRules().flatMap((rule) => rule.requirements))
  if (!untestable.has(id)) cited.set(id, [...(cited.get(id) ?? []), 'tests/judge/run.spec.ts']);

test.describe('requirement coverage of the target tests', () => {
  test('every documented requirement is verified by a test, or says why it cannot be', () => {
    const uncovered = requirements
      .filter((r) => r.basis === 'documented' && !r.untestable && !cited.has(r.id))
      .map((r) => `${r.id}: ${r.text}`);
    expect(uncovered).toEqual([]);
  });

  test('tests cite only requirement ids the catalog has', () => {
    const unknown = [...cited.entries()]
      .filter(([id]) => !known.has(id))
      .map(([id, files]) => `${id} in ${files.join(', ')}`);
    expect(unknown).toEqual([]);
  });

  test('an untestable requirement is not also claimed by a test', () => {
    const claimed = requirements.filter((r) => r.untestable && cited.has(r.id)).map((r) => r.id);
    expect(claimed).toEqual([]);
  });
});

test.describe('gaps of the reference in the target tests', () => {
  test('no test that runs on a foreign target cites a requirement marked gap', () => {
    const gaps = new Set(requirements.filter((r) => r.basis === 'gap').map((r) => r.id));
    const listed = listTargetTests();
    expect(listed.length, 'the target tests are listed').toBeGreaterThan(0);
    const offending = listed
      .filter((t) => !t.tags.includes('@mock-only'))
      .flatMap((t) =>
        t.requirements.filter((id) => gaps.has(id)).map((id) => `${id} in ${t.file} "${t.title}"`),
      );
    expect(offending, 'tag these tests @mock-only, or widen them to what the reference states').toEqual([]);
  });
});
