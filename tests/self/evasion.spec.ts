import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadRequirements } from '../../lib/catalog/requirements.ts';
import { buildTraceability } from '../../lib/report/traceability.ts';
import { readResults } from '../../lib/report/verdict/results.ts';
import { build } from '../../mock/app.ts';
import { EVASION_FAULTS } from '../../mock/faults/evasion.ts';
import { runSuite, type SuiteRun } from './hostile/nested.ts';
import { smallProfile } from './target-run.ts';

/**
 * Issue 32, "a rule cannot be evaded by dropping its field": the mock with regressions that break a rule
 * and leave out the field it reads (mock/faults/evasion.ts), run as a staging team runs it (seller and
 * buyer only, read-only, foreign). Each broken requirement must end failed or not verified, never verified.
 */
const SLICE = [
  'tests/contract/order-search.spec.ts',
  'tests/contract/items.spec.ts',
  'tests/contract/categories.spec.ts',
  'tests/contract/shipping-options.spec.ts',
  'tests/contract/users.spec.ts',
];

/** The tests that judge the six rules (and SEARCH-LIMIT, to show the slice ran): a cheap nested run. */
const TITLES =
  'applies tags and tags.not|applies order.status|finds items of the category inside the range|walks the tree|ends path_from_root|delivery promise|calculates the options to a zip code|answers the own status';

test('a rule whose field is left out while it is broken never ends verified', async () => {
  test.setTimeout(240_000);
  const app = await build({ faults: EVASION_FAULTS.map((f) => f.name) });
  const baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
  let run: SuiteRun;
  try {
    run = await runSuite([...SLICE, '--project', 'contract', '--grep', TITLES], {
      CONFORMANCE_JUDGE: '1',
      BASE_URL: baseURL,
      TARGET: smallProfile(baseURL),
      LEAN_REPORTS: '1',
    });
  } finally {
    await app.close();
  }
  const { tests } = readResults(join(run.dir, 'results.json'));
  const trace = buildTraceability(loadRequirements(), tests, []);
  const status = (id: string) => trace.rows.find((r) => r.id === id)?.status;
  // Not vacuous: the slice ran and judged the rules these faults leave alone.
  expect(status('SEARCH-LIMIT'), run.output).toBe('verified');
  // Met by a test of the slice (never "uncovered"): broken, not judged with its reason, or skipped as not
  // verified for lack of the data the fault hides.
  for (const fault of EVASION_FAULTS)
    expect
      .soft(['failed', 'not judged', 'not verified'], `${fault.name}: ${fault.requirement}`)
      .toContain(status(fault.requirement));
});
