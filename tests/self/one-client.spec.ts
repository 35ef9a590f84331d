import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadSpec } from '../../lib/checks/spec.ts';
import { RECORD_ENV, recordExchanges, type SentRequest } from '../../lib/client/recorder.ts';
import { loadProfile } from '../../lib/profile/load.ts';
import { withDiscovery } from '../../scripts/drift/discovered.ts';
import { startEmbeddedMock } from '../../scripts/drift/embedded.ts';
import { runDrift } from '../../scripts/drift/run.ts';
import { freePort } from '../../scripts/free-port.ts';
import { runSuite } from './hostile/nested.ts';
import { requestsOf, type StartedMock, smallProfile, startMock } from './target-run.ts';

// Issue 22: every request the suite sends to a target goes through lib/client (one transport, one
// pacer, one call path). Proven by counting: a recording transport notes each exchange the client
// sends during discovery, a drift run and a nested run of two contract files against a mock started
// apart; the mock's own request log must show exactly those requests, method and path, no more. A
// caller that builds its own request (a fetch, an undici call) reaches the log and not the recording.

const CONTRACT_FILES = ['tests/contract/users.spec.ts', 'tests/contract/currency.spec.ts'];

/** `GET /orders/2000000001`: what is compared (a query's spelling is the caller's, not the route). */
function routeOf(method: string, url: string): string {
  return `${method.toUpperCase()} ${new URL(url, 'http://x').pathname}`;
}

/** How many times each method and path was requested, the mock's own control routes left out. */
function countByRoute(routes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const route of routes.filter((r) => !r.includes(' /__mock')).sort())
    counts[route] = (counts[route] ?? 0) + 1;
  return counts;
}

test.describe('every request to a target goes through the one client', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let mock: StartedMock;
  const inProcess: { discovery: SentRequest[]; drift: SentRequest[] } = {
    discovery: [],
    drift: [],
  };
  let nested: SentRequest[] = [];
  let nestedRun: { status: number | null; output: string };

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    mock = await startMock(await freePort());
    const profilePath = smallProfile(mock.baseURL);
    const small = loadProfile({ TARGET: profilePath, BASE_URL: mock.baseURL });
    const reference = await startEmbeddedMock();
    let into = inProcess.discovery;
    const previous = recordExchanges((sent) => into.push(sent));
    try {
      const resolved = await withDiscovery(small);
      into = inProcess.drift;
      await runDrift({
        spec: loadSpec(),
        mock: { ...loadProfile({ TARGET: 'mock' }), name: 'mock', baseURL: reference.baseURL },
        target: resolved.profile,
        sampling: { seed: 20261124, runs: 1 },
      });
    } finally {
      recordExchanges(previous);
      await reference.close();
    }
    const file = join(mkdtempSync(join(tmpdir(), 'one-client-')), 'exchanges.jsonl');
    const env = { BASE_URL: mock.baseURL, TARGET: profilePath, [RECORD_ENV]: file };
    nestedRun = await runSuite(['--project=contract', ...CONTRACT_FILES], env);
    nested = existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as SentRequest)
      : [];
  });
  test.afterAll(() => mock?.stop());

  test('the nested run of two contract files passes', () => {
    expect(nestedRun.status, nestedRun.output.slice(-3000)).toBe(0);
  });

  test('discovery, drift and the nested run each sent requests through the client', () => {
    const toMock = (list: SentRequest[]) => list.filter((e) => e.url.startsWith(mock.baseURL));
    expect(toMock(inProcess.discovery).length).toBeGreaterThan(10);
    expect(toMock(inProcess.drift).length).toBeGreaterThan(50);
    expect(toMock(nested).length).toBeGreaterThan(30);
    // The drift run's other side, the embedded reference mock, is called through the same client.
    expect(inProcess.drift.some((e) => !e.url.startsWith(mock.baseURL))).toBe(true);
  });

  test("the mock's request log shows exactly the exchanges the client recorded, per method and path", () => {
    const recorded = [...inProcess.discovery, ...inProcess.drift, ...nested]
      .filter((e) => e.url.startsWith(mock.baseURL))
      .map((e) => routeOf(e.method, e.url));
    const logged = requestsOf(mock).map((r) => routeOf(r.method, r.url));
    expect(countByRoute(logged)).toEqual(countByRoute(recorded));
  });

  test('the recording never holds a token', () => {
    const tokens = Object.values(loadProfile({ TARGET: 'mock' }).users).map((user) => user.token);
    const text = JSON.stringify([...inProcess.discovery, ...inProcess.drift, ...nested]);
    expect(tokens.filter((token) => text.includes(token))).toEqual([]);
  });
});
