import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// fixtures/index.ts overrides Playwright's private `_combinedContextOptions` fixture so that its ~25
// browser-context option fixtures (each a step with a captured, source-mapped stack) are not set up in
// every test. Renamed by a Playwright upgrade, the override would do nothing and the cost come back unseen.

test('the Playwright fixture the suite overrides for speed still exists under its name', () => {
  const require = createRequire(import.meta.url);
  const lib = join(require.resolve('playwright/package.json'), '..', 'lib', 'index.js');
  const source = readFileSync(lib, 'utf8');
  expect(source, `${lib} defines _combinedContextOptions`).toMatch(/_combinedContextOptions:\s*\[?\s*async/);
  expect(readFileSync('fixtures/index.ts', 'utf8')).toContain('_combinedContextOptions: [');
});
