import { expect, test } from '../../fixtures/index.ts';
import { readRunRecord, runRecordDir } from '../../lib/client/run-record.ts';

// The run's first project: the contract and property projects depend on it, and its teardown is the
// run's judge (run.spec.ts), which Playwright runs once they are done, whichever of them were chosen.

test.describe('the run records every exchange it sends (lib/client/run-record.ts)', () => {
  test("holds discovery's reads, if any, without a token", { tag: ['@readonly'] }, async ({ target }) => {
    const dir = runRecordDir();
    expect(dir, 'the run has a folder of its own (global setup)').toBeDefined();
    const discovery = readRunRecord(dir ?? '').filter((r) => r.part === 'discovery');
    // A profile that names every datum needs no discovery read: the record may hold none. Nothing here may
    // fail on the target's data: the conformance projects wait on this one.
    const tokens = Object.values(target.users).flatMap((user) => (user?.token ? [user.token] : []));
    expect(discovery.filter((r) => tokens.some((token) => JSON.stringify(r).includes(token)))).toEqual([]);
  });
});
