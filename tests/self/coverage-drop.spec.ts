import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { CoverageDrop } from '../../lib/memory/coverage-drop.ts';
import type { RunMemory } from '../../lib/memory/run-memory.ts';
import { runCommand } from '../../lib/process/launch.ts';
import { build } from '../../mock/app.ts';
import { runSuite, type SuiteRun } from './hostile/nested.ts';
import { smallProfile } from './target-run.ts';

/**
 * Issue 19, item 3: a regression that hides data (the fraud tag dropped, no 206 ever answered) leaves a
 * run that discovers its data green with fewer requirements verified. With the first run's memory, the
 * second run reports the coverage drop by requirement and data, and --fail-on-coverage-drop fails it.
 * Issue 35 (audit M2): a third run with the same regression still reports it, compared with the last
 * run that verified each requirement (the first), not with the second, which verified neither.
 */
const SLICE = 'fraud_risk_detected|answers 206 with X-Content-Missing|answers with x-format-new';
const HIDING = ['fraud-tag-dropped', 'partial-never-answered'];

async function startMock(faults: string[] = []) {
  const app = await build({ faults });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}

/** The verdict of a run's reports against a memory file: its exit status, console and verdict.json. */
function verdict(run: SuiteRun, env: Record<string, string | undefined>, args: string[] = []) {
  const result = runCommand('npx', ['tsx', 'scripts/verdict.ts', ...args], {
    env: { REPORTS_DIR: run.dir, ...env },
  });
  const json = JSON.parse(readFileSync(join(run.dir, 'verdict.json'), 'utf8')) as {
    coverageDrop: CoverageDrop[];
  };
  return {
    status: result.status,
    output: `${result.stdout}${result.stderr}`,
    coverageDrop: json.coverageDrop,
  };
}

test.describe
  .serial('memory between runs: the coverage drop', () => {
    test.setTimeout(360_000);
    const dir = mkdtempSync(join(tmpdir(), 'coverage-drop-'));
    const memory = join(dir, 'memory.json');
    let first: ReturnType<typeof verdict>;
    let second: ReturnType<typeof verdict>;
    let failing: ReturnType<typeof verdict>;
    let third: ReturnType<typeof verdict>;
    let remembered: RunMemory;

    test.beforeAll(async () => {
      test.setTimeout(360_000);
      const faithful = await startMock();
      const hiding = await startMock(HIDING);
      try {
        const profile = smallProfile(faithful.url);
        const env = { TARGET: profile, MEMORY: memory, LEAN_REPORTS: '1' };
        const run1 = await runSuite(['--project', 'contract', '--grep', SLICE], {
          ...env,
          BASE_URL: faithful.url,
        });
        first = verdict(run1, { ...env, BASE_URL: faithful.url });
        remembered = JSON.parse(readFileSync(memory, 'utf8')) as RunMemory;
        const run2 = await runSuite(['--project', 'contract', '--grep', SLICE], {
          ...env,
          BASE_URL: hiding.url,
        });
        // The same comparison twice, each against its own copy of the first run's memory.
        const copy = join(dir, 'memory-copy.json');
        copyFileSync(memory, copy);
        second = verdict(run2, { ...env, BASE_URL: hiding.url });
        failing = verdict(run2, { ...env, MEMORY: copy, BASE_URL: hiding.url }, ['--fail-on-coverage-drop']);
        const run3 = await runSuite(['--project', 'contract', '--grep', SLICE], {
          ...env,
          BASE_URL: hiding.url,
        });
        third = verdict(run3, { ...env, BASE_URL: hiding.url });
      } finally {
        await faithful.close();
        await hiding.close();
      }
    });

    test('the first run verifies both requirements and remembers them with the data it found', () => {
      expect(first.status, first.output).toBe(0);
      expect(first.coverageDrop).toEqual([]);
      expect(Object.keys(remembered.lastVerified ?? {})).toEqual(
        expect.arrayContaining(['ORD-STATUS-FRAUD', 'ORD-READ-PARTIAL']),
      );
      expect(remembered.discovered?.map((d) => d.path)).toEqual(
        expect.arrayContaining(['orders.fraud', 'orders.partial']),
      );
    });

    test('the second run reports the coverage drop by requirement, data and read, the 206 as a live change', () => {
      expect(second.status, second.output).toBe(0);
      const fraud = second.coverageDrop.find((d) => d.requirement === 'ORD-STATUS-FRAUD');
      expect(fraud?.data, second.output).toMatch(/^orders\.fraud = \d+$/);
      expect(fraud?.read).toMatch(
        /GET \/orders\/\d+ as the seller answered 200 without the tag fraud_risk_detected/,
      );
      expect(fraud?.legitimate).toBeUndefined();
      const partial = second.coverageDrop.find((d) => d.requirement === 'ORD-READ-PARTIAL');
      expect(partial?.data).toMatch(/^orders\.partial = \d+$/);
      expect(partial?.read).toMatch(/answered 200 without X-Content-Missing/);
      expect(partial?.legitimate).toMatch(/transient/);
      expect(second.output).toMatch(/coverage drop: 2 requirements verified by the last run/);
      expect(second.output).toMatch(/remembered data that no longer qualifies: 2/);
    });

    test('--fail-on-coverage-drop fails the same run', () => {
      expect(failing.status, failing.output).toBe(1);
      expect(failing.coverageDrop.map((d) => d.requirement)).toEqual([
        'ORD-READ-PARTIAL',
        'ORD-STATUS-FRAUD',
      ]);
      expect(failing.output).toMatch(/the run fails \(--fail-on-coverage-drop\)/);
    });

    test('the third run with the same regression still reports the drop, against the first run', () => {
      expect(
        third.coverageDrop.map((d) => d.requirement),
        third.output,
      ).toEqual(['ORD-READ-PARTIAL', 'ORD-STATUS-FRAUD']);
      const firstRun = remembered.lastVerified?.['ORD-STATUS-FRAUD'];
      expect(third.coverageDrop.every((d) => d.lastVerified === firstRun)).toBe(true);
    });
  });
