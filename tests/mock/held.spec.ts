import { expect, test } from '@playwright/test';
import { loadSpec } from '../../lib/checks/spec.ts';
import { branchesInSpec } from '../../lib/run-judge/branches.ts';
import { answererOf, branchesOfHeld, type Injector } from '../../lib/run-judge/held-answers.ts';
import { build, type MockOptions } from '../../mock/app.ts';
import { heldReads, unlisted } from '../../mock/held.ts';

const spec = loadSpec();
const answerer = (app: Awaited<ReturnType<typeof build>>) => {
  const inject: Injector = async ({ url, headers }) => {
    const res = await app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
  };
  return answererOf(inject, spec);
};
const specKeys = new Set(branchesInSpec(spec).map((b) => b.key));
const getOperations = spec.operations
  .filter((op) => op.method.toUpperCase() === 'GET')
  .map((op) => op.operationId);

test.describe('the held list of the mock (issue 47)', () => {
  test('holds reads of every GET operation but those it lists as unlisted', async () => {
    const app = await build();
    const reads = await heldReads(app, answerer(app));
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
  ] as [string, MockOptions][]) {
    test(`${name} answers held branches that are all branches of the spec`, async () => {
      const app = await build(options);
      const answer = answerer(app);
      const reads = await heldReads(app, answer);
      const branches = await branchesOfHeld(spec, reads, answer);
      await app.close();
      expect(reads.length).toBeGreaterThan(0);
      expect(branches.length).toBeGreaterThan(0);
      expect(branches.filter((key) => !specKeys.has(key))).toEqual([]);
    });
  }
});
