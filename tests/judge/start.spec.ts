import { expect, test } from '../../fixtures/index.ts';
import { readRunRecord, runRecordDir } from '../../lib/client/run-record.ts';

// The run's first project: the contract and property projects depend on it, and its teardown is the
// run's judge (run.spec.ts), which Playwright runs once they are done, whichever of them were chosen.

test.describe('the run records every exchange it sends (lib/client/run-record.ts)', () => {
  test("holds discovery's reads before any test asks, without a token", { tag: ['@readonly'] }, async ({
    target,
  }) => {
    const dir = runRecordDir();
    expect(dir, 'the run has a folder of its own (global setup)').toBeDefined();
    const discovery = readRunRecord(dir ?? '').filter((r) => r.part === 'discovery');
    // The embedded mock's profile names every datum: discovery may need no read at all.
    if (!target.isMock) expect(discovery.length).toBeGreaterThan(0);
    const tokens = Object.values(target.users).flatMap((user) => (user?.token ? [user.token] : []));
    expect(discovery.filter((r) => tokens.some((token) => JSON.stringify(r).includes(token)))).toEqual([]);
  });
});
