import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { validatorsPath, validatorsText } from '../../scripts/gen-validators.ts';

// Issue 37: the response validators are ajv standalone code generated from the bundled spec, so no
// worker compiles them at run time; a spec change that did not rerun the generator fails here.

test('the response validators are what the generator writes from the bundled spec', () => {
  expect(
    readFileSync(validatorsPath, 'utf8') === validatorsText(),
    'run npx tsx scripts/gen-validators.ts',
  ).toBe(true);
});
