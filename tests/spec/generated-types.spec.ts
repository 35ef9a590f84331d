import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  profileTypes,
  profileTypesPath,
  specReadTypes,
  specReadTypesPath,
  specTypes,
  specTypesPath,
  untypedPathsFile,
} from '../../scripts/gen-types.ts';
import { untypedPathsPath } from '../../scripts/gen-untyped.ts';

// Issue 20, item 3: the TypeScript types of the spec and of the profile are generated, never written by
// hand; a spec or profile-schema change that did not rerun the generator fails here.

test.describe('generated types', () => {
  test('the spec types are what the generator writes from the bundled spec', async () => {
    expect(readFileSync(specTypesPath, 'utf8'), 'run npx tsx scripts/gen-types.ts').toBe(await specTypes());
  });

  test('the read types (only the fields stated always present required) are what the generator writes', async () => {
    expect(readFileSync(specReadTypesPath, 'utf8'), 'run npx tsx scripts/gen-types.ts').toBe(
      await specReadTypes(),
    );
  });

  test("the profile's type is what the generator writes from its JSON Schema", async () => {
    expect(readFileSync(profileTypesPath, 'utf8'), 'run npx tsx scripts/gen-types.ts').toBe(
      await profileTypes(),
    );
  });

  test("the alternate mock's table of untyped places is what the generator writes from the bundled spec", async () => {
    expect(readFileSync(untypedPathsPath, 'utf8'), 'run npx tsx scripts/gen-types.ts').toBe(
      await untypedPathsFile(),
    );
  });
});
