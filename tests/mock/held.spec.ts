import { expect, test } from '@playwright/test';
import { loadSpec } from '../../lib/checks/spec.ts';
import { branchesInSpec } from '../../lib/run-judge/branches.ts';
import { build } from '../../mock/app.ts';
import { type HeldBranches, heldReads, unlisted } from '../../mock/held.ts';

const spec = loadSpec();
const specKeys = new Set(branchesInSpec(spec).map((b) => b.key));
const getOperations = spec.operations
  .filter((op) => op.method.toUpperCase() === 'GET')
  .map((op) => op.operationId);

test.describe('the held list of the mock (issue 47)', () => {
  test('holds reads of every GET operation but those it lists as unlisted', async () => {
    const app = await build();
    const reads = await heldReads(app);
    await app.close();
    const skipped = new Set(unlisted.map((u) => u.operationId));
    const missing = getOperations.filter(
      (id) => !skipped.has(id) && !reads.some((r) => r.operationId === id),
    );
    expect(missing).toEqual([]);
  });

  for (const [name, options] of [
    ['the default mock', {}],
    ['the alternate mock at seed 7 (transient 429s, latency)', { alternate: { seed: 7 } }],
  ] as const) {
    test(`${name} answers held branches that are all branches of the spec`, async () => {
      const app = await build(options);
      const res = await app.inject({ method: 'GET', url: '/__mock/held-branches' });
      await app.close();
      expect(res.statusCode, res.body).toBe(200);
      const held = res.json() as HeldBranches;
      expect(held.reads).toBeGreaterThan(0);
      expect(held.branches.length).toBeGreaterThan(0);
      expect(held.branches.filter((key) => !specKeys.has(key))).toEqual([]);
    });
  }
});
