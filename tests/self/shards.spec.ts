import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { profileSecrets } from '../../lib/profile/load.ts';
import type { TargetProfile } from '../../lib/profile/types.ts';
import { findSecrets } from '../../lib/report/find-secrets.ts';
import {
  newRunDir,
  resultsOf,
  runPlaywright,
  runSuite,
  type SuiteRun,
  startMock,
  writeProfile,
} from './hostile/nested.ts';

/** A slice with tokens in headers and in the query string, and a secret base URL. */
const SLICE = ['tests/contract/users.spec.ts', 'tests/contract/currency.spec.ts'];

function evidenceCount(dir: string, file: string): number {
  return resultsOf(join(dir, file))
    .flatMap((r) => r.result.attachments)
    .filter((a) => a.contentType === 'application/json' && /^\d{3} (GET|POST|DELETE) \//.test(a.name)).length;
}

test.describe
  .serial('the suite sharded in two, its blob reports merged', () => {
    let mock: Awaited<ReturnType<typeof startMock>>;
    let profile: TargetProfile;
    let whole: SuiteRun;
    let shardRuns: SuiteRun[];
    let merged: SuiteRun;
    let mergeDir: string;

    test.beforeAll(async () => {
      test.setTimeout(240_000);
      mock = await startMock();
      const written = writeProfile('sharded', { isMock: true, secretBaseURL: true }, true);
      profile = { ...written.profile, baseURL: mock.url };
      const env = { BASE_URL: mock.url, TARGET: written.path };
      const shards = [1, 2].map(() => newRunDir());
      [whole, ...shardRuns] = await Promise.all([
        runSuite(['--project=contract', ...SLICE], env),
        ...shards.map((dir, i) =>
          runSuite(['--project=contract', `--shard=${i + 1}/2`, ...SLICE], { ...env, BLOB_REPORT: '1' }, dir),
        ),
      ]);
      mergeDir = newRunDir();
      const blobs = join(mergeDir, 'blobs');
      mkdirSync(blobs);
      for (const dir of shards) {
        for (const zip of readdirSync(join(dir, 'blob')))
          copyFileSync(join(dir, 'blob', zip), join(blobs, zip));
      }
      merged = await runPlaywright(
        ['merge-reports', '--reporter', 'json,html', blobs],
        {
          ...env,
          PLAYWRIGHT_JSON_OUTPUT_FILE: join(mergeDir, 'merged.json'),
          PLAYWRIGHT_HTML_OUTPUT_DIR: join(mergeDir, 'html'),
          PLAYWRIGHT_HTML_OPEN: 'never',
        },
        mergeDir,
      );
    });

    test.afterAll(async () => mock?.close());

    test('the merged report counts the same tests, with the same outcomes, as one unsharded run', () => {
      expect(merged.status, merged.output).toBe(0);
      const one = resultsOf(join(whole.dir, 'results.json'));
      const both = resultsOf(join(mergeDir, 'merged.json'));
      expect(one.length).toBeGreaterThan(5);
      const outcomes = (list: typeof one) => list.map((r) => `${r.title}: ${r.result.status}`).sort();
      expect(outcomes(both)).toEqual(outcomes(one));
    });

    test('the merged report carries the redacted evidence of every call', () => {
      expect(evidenceCount(mergeDir, 'merged.json')).toBe(evidenceCount(whole.dir, 'results.json'));
      expect(evidenceCount(mergeDir, 'merged.json')).toBeGreaterThan(5);
    });

    test('no secret in the shards, their blobs, the merged reports or the console', () => {
      const secrets = profileSecrets(profile);
      expect(secrets).toContain(mock.url);
      expect(shardRuns.map((run) => run.status)).toEqual([0, 0]);
      const runs = [whole, ...shardRuns, merged];
      for (const dir of runs.flatMap((run) => [run.dir, run.consoleDir])) {
        expect(findSecrets(dir, secrets), dir).toEqual([]);
      }
    });
  });
