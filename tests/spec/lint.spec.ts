import { expect, test } from '@playwright/test';
import { runCommand } from '../../lib/process/launch.ts';

test('spec: redocly lint passes with the recommended rules and no unused components', () => {
  const run = runCommand('npx', ['redocly', 'lint', 'spec/openapi.yaml', '--format=stylish']);
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
});
