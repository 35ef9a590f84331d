import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { projectRoot } from '../../lib/checks/spec.ts';

test('spec: redocly lint passes with the recommended rules and no unused components', () => {
  let output = '';
  let failed = false;
  try {
    output = execFileSync('npx', ['redocly', 'lint', 'spec/openapi.yaml', '--format=stylish'], {
      cwd: projectRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    failed = true;
    output = `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`;
  }
  expect(failed, output).toBe(false);
});
