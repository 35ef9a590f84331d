import { expect, test } from '../../fixtures/index.ts';
import { readRunRecord, runRecordDir } from '../../lib/client/run-record.ts';

// The run's first project: the contract and property projects depend on it, and its teardown is the
// run's judge (run.spec.ts), which Playwright runs once they are done, whichever of them were chosen.

test.describe('the run records every exchange it sends (lib/client/run-record.ts)', () => {
  test("holds discovery's reads before any test asks", { tag: ['@readonly'] }, async ({ target }) => {
    const dir = runRecordDir();
    expect(dir, 'the run has a folder of its own (global setup)').toBeDefined();
    const recorded = readRunRecord(dir ?? '');
    // The embedded mock's profile names every datum: discovery may need no read at all.
    if (target.isMock) expect(recorded.every((r) => r.part === 'discovery')).toBe(true);
    else expect(recorded.filter((r) => r.part === 'discovery').length).toBeGreaterThan(0);
  });
});
