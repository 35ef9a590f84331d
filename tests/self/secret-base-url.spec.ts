import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadSpec } from '../../lib/checks/spec.ts';
import { runCommandAsync } from '../../lib/process/launch.ts';
import { loadProfile, profileSecrets } from '../../lib/profile/load.ts';
import { findSecrets } from '../../lib/report/find-secrets.ts';
import { type EmbeddedMock, startEmbeddedMock } from '../../scripts/drift/embedded.ts';
import { groupDifferences, summarize } from '../../scripts/drift/groups.ts';
import { toReport, writeDriftReport } from '../../scripts/drift/report.ts';
import { runDrift } from '../../scripts/drift/run.ts';
import { freePort } from '../../scripts/free-port.ts';

// A profile with `secretBaseURL: true` never shows its base URL: not in drift.html/drift.json, not in the
// traffic page's "proxy to …", not in their console lines; the secret scan looks for it like a token.

test.describe.configure({ timeout: 120_000 });

function secretProfile(baseURL: string) {
  return { ...loadProfile({ TARGET: 'mock' }), name: 'secret-staging', baseURL, secretBaseURL: true };
}

test('drift shows a secret base URL as its placeholder in its pages, files and messages', async () => {
  const started: EmbeddedMock[] = [];
  try {
    const reference = await startEmbeddedMock();
    started.push(reference);
    const target = await startEmbeddedMock(['order-read-by-anyone']);
    started.push(target);
    const profile = secretProfile(target.baseURL);
    const run = await runDrift({
      spec: loadSpec(),
      mock: { ...loadProfile({ TARGET: 'mock' }), name: 'mock', baseURL: reference.baseURL },
      target: profile,
      sampling: { seed: 20261122, runs: 1 },
    });
    const groups = groupDifferences(run);
    expect(groups.length, 'the planted fault gives a difference with its example').toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'drift-secret-'));
    writeDriftReport(dir, toReport(run, groups, summarize(run, groups)));
    expect(readFileSync(join(dir, 'drift.html'), 'utf8')).toContain('target [BASE_URL]');
    expect(run.redact(`GET ${target.baseURL}/orders/1`)).toBe('GET [BASE_URL]/orders/1');
    expect(findSecrets(dir, profileSecrets(profile))).toEqual([]);
  } finally {
    await Promise.all(started.map((mock) => mock.close()));
  }
});

test('the traffic page names a secret upstream by its placeholder', async () => {
  const upstream = await startEmbeddedMock();
  try {
    const dir = mkdtempSync(join(tmpdir(), 'traffic-secret-'));
    const profileFile = join(dir, 'secret.json');
    const { users, requestsPerSecond } = loadProfile({ TARGET: 'mock' });
    const profile = { name: 'secret-staging', baseURL: upstream.baseURL, secretBaseURL: true, users };
    writeFileSync(profileFile, JSON.stringify({ ...profile, requestsPerSecond }));
    const out = join(dir, 'traffic');
    const args = ['--listen', String(await freePort()), '--upstream', upstream.baseURL, '--duration', '1'];
    const run = await runCommandAsync(
      'npx',
      ['tsx', 'scripts/traffic.ts', ...args, '--target', profileFile, '--out', out],
      {
        env: { TARGET: undefined, BASE_URL: undefined, MOCK_BASE_URL: undefined },
        timeoutMs: 60_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('proxy to [BASE_URL]');
    const secrets = profileSecrets(loadProfile({ TARGET: profileFile }));
    expect(findSecrets(out, secrets)).toEqual([]);
    expect(secrets.filter((secret) => `${run.stdout}${run.stderr}`.includes(secret))).toEqual([]);
  } finally {
    await upstream.close();
  }
});

test('the secret scan finds a base URL in any written form and names it as the base URL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scan-'));
  const baseURL = 'https://staging.internal.example:8443';
  writeFileSync(join(dir, 'escaped.json'), '{"target":"https:\\/\\/staging.internal.example:8443"}');
  writeFileSync(join(dir, 'host.txt'), 'proxy to staging.internal.example:8443');
  writeFileSync(join(dir, 'clean.html'), '<p>proxy to [BASE_URL]</p>');
  const secrets = profileSecrets({ users: {} as never, baseURL, secretBaseURL: true });
  expect(findSecrets(dir, secrets).sort()).toEqual([
    'escaped.json: the secret base URL',
    'host.txt: the secret base URL',
  ]);
});
