import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { projectRoot } from '../../lib/checks/spec.ts';

// The README stays true (issue 48): every command it gives a reader is run by a test or by .ci/run.
// Each command the README shows (a line of a shell block, or inline code that starts a command) must
// match a row here, and the row's file must hold what runs it.

interface RunBy {
  /** The commands of the README this row stands for. */
  command: RegExp;
  /** The file that runs them, and what in it runs them. */
  file: string;
  runs: string;
}

const RUN_BY: RunBy[] = [
  { command: /^npm ci && npm test$/, file: '.ci/run', runs: 'npm test' },
  {
    command: /^REPORTS_DIR=reports\/project npm test$/,
    file: '.ci/run',
    runs: 'REPORTS_DIR=reports/project npm test',
  },
  { command: /^npm test$/, file: '.ci/run', runs: 'npm test' },
  // The replay line the one-line try prints is `TARGET=… npm run conformance -- …`, run in a shell.
  {
    command: /^(npm ci && )?npm run conformance$|^TARGET=\S+ npm run conformance$/,
    file: 'tests/self/first-try.spec.ts',
    runs: "runCommandAsync('bash', ['-c', replay.command]",
  },
  {
    command: /^SELLER_TOKEN=\S+ BUYER_TOKEN=\S+ npx conformance /,
    file: 'tests/self/first-try.spec.ts',
    runs: "'scripts/conformance-cli.mjs'",
  },
  { command: /^npx conformance --help$/, file: 'tests/self/first-try.spec.ts', runs: "'--help'" },
  {
    command: /^STAGING_BASE_URL=/,
    file: 'tests/self/broken-start.spec.ts',
    runs: "TARGET: 'staging.example'",
  },
  {
    command: /^npx playwright test$/,
    file: 'tests/self/run-folders.spec.ts',
    runs: "['playwright', 'test', '--list']",
  },
  {
    command: /^npx playwright test --project contract$/,
    file: 'tests/self/conventions.spec.ts',
    runs: "['playwright', 'test', '--project', 'contract'",
  },
  {
    command: /^npm run trace( -- <REQUIREMENT-ID>)?$/,
    file: 'tests/self/trace.spec.ts',
    runs: "'scripts/trace.ts'",
  },
  {
    command: /^npm run mutation( -- --batch blind\/01 --readme)?$/,
    file: 'tests/self/mutation.spec.ts',
    runs: "'scripts/mutation.ts'",
  },
  { command: /^npm run traffic$/, file: 'tests/self/traffic.spec.ts', runs: "'scripts/traffic.ts'" },
  { command: /^\.ci\/run$/, file: 'tests/self/readme-commands.spec.ts', runs: 'the clean-clone CI itself' },
];

/** A command, perhaps after variables it sets (a variable alone is a setting, not a command). */
const STARTS = /^([A-Z_]+=\S+ )*(npm|npx|node|bash|\.ci\/)/;

/** The README's commands: shell blocks joined at their `\` continuations, and inline code that starts one. */
function readmeCommands(text: string): string[] {
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
    (m[1] ?? '')
      .replace(/\\\n/g, ' ')
      .split('\n')
      .map((line) =>
        line
          .replace(/\s+#.*$/, '')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .filter(Boolean),
  );
  const outside = text.replace(/```[\s\S]*?```/g, '');
  const inline = [...outside.matchAll(/`([^`\n]+)`/g)]
    .map((m) => (m[1] ?? '').trim())
    .filter((code) => STARTS.test(code));
  return [...new Set([...blocks, ...inline])];
}

test('every command the README gives is run by a test or by .ci/run', () => {
  const commands = readmeCommands(readFileSync(join(projectRoot, 'README.md'), 'utf8'));
  expect(commands.length).toBeGreaterThan(8);
  const unmatched = commands.filter((command) => !RUN_BY.some((row) => row.command.test(command)));
  expect(unmatched, 'README commands no test or .ci/run runs').toEqual([]);
  const idle = RUN_BY.filter((row) => !commands.some((command) => row.command.test(command)));
  expect(
    idle.map((row) => String(row.command)),
    'rows for commands the README no longer gives',
  ).toEqual([]);
  for (const row of RUN_BY.filter((r) => r.file !== 'tests/self/readme-commands.spec.ts'))
    expect(readFileSync(join(projectRoot, row.file), 'utf8'), `${row.file} runs ${row.command}`).toContain(
      row.runs,
    );
});
