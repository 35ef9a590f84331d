import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { build } from '../../mock/app.ts';
import { BLIND_BATCHES } from '../../mock/faults/blind/batches.ts';
import { witnessFault } from '../../mock/faults/blind/witness.ts';
import { FAULTS } from '../../mock/faults/catalog.ts';

test.describe('blind batches of mock/faults/blind (issue 44)', () => {
  for (const [batch, faults] of Object.entries(BLIND_BATCHES))
    test(`every fault of ${batch} that needs no write changes an answer a read-only client with two users receives`, async () => {
      const unproven: string[] = [];
      for (const fault of faults) {
        const outcome = await witnessFault(fault);
        if (!fault.needsWrite && outcome.changed.length === 0) unproven.push(fault.name);
      }
      expect(unproven).toEqual([]);
      expect(faults.filter((f) => !f.needsWrite).length).toBeGreaterThan(0);
    });

  test('a blind fault is named apart from the catalog’s, and quotes the reference', () => {
    const names = Object.values(BLIND_BATCHES).flatMap((faults) => faults.map((f) => f.name));
    expect(names.length).toBeGreaterThanOrEqual(25);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => FAULTS.some((f) => f.name === name))).toEqual([]);
    for (const fault of Object.values(BLIND_BATCHES).flat())
      expect(fault.quote.length, fault.name).toBeGreaterThan(10);
  });
});

test.describe('the shadow of a mutation run (mock/shadow.ts)', () => {
  test('logs the answers a planted fault changed and nothing on the faithful mock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shadow-'));
    const log = join(dir, 'changed.jsonl');
    process.env.MOCK_SHADOW_LOG = log;
    try {
      const faithful = await build();
      const faulted = await build({ faults: ['no-token-as-401'] });
      for (const app of [faithful, faulted]) {
        await app.inject({ url: '/classified_locations/countries' });
        await app.inject({ url: '/packs/3000000100/fiscal_documents' });
        await app.close();
      }
    } finally {
      delete process.env.MOCK_SHADOW_LOG;
    }
    const lines = readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { method: 'GET', url: '/packs/3000000100/fiscal_documents', status: 401, faithful: 403 },
    ]);
  });
});
