import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { loadSpec } from '../../lib/checks/spec.ts';
import { loadMockProfile } from '../../lib/profile/load.ts';
import type { TargetProfile } from '../../lib/profile/types.ts';
import { readResults, type TestRecord } from '../../lib/report/verdict/results.ts';
import { freePort } from '../../scripts/free-port.ts';
import { malformedReadCall, rawUrlCall } from '../properties/arbitraries/operationCalls.ts';
import { newRunDir, runSuite, type SuiteRun } from './hostile/nested.ts';
import {
  isPackListing,
  markAsReadProblem,
  type RecordedRequest,
  type RecordingFront,
  startRecordingFront,
} from './read-only-front.ts';
import { requestsOf, type StartedMock, smallProfile, startMock } from './target-run.ts';

// A read-only run must change nothing on the target: no POST or DELETE, and no pack listing that
// could mark a seller's messages as read (a listing without mark_as_read=false does on a real server).
// Proven twice: over thousands of generated robustness calls, and on the wire of a whole properties
// run (the hostile and robustness properties included) against a mock started apart.

const SAMPLES = 3000;

/** What is unsafe about one recorded request, or undefined. */
function sideEffectOf({ method, target }: RecordedRequest): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return `${method} ${target}`;
  if (!isPackListing(target)) return undefined;
  const problem = markAsReadProblem(target);
  return problem && `${method} ${target}: ${problem}`;
}

/** The query the API client builds from a call's query object (it adds mark_as_read only when absent). */
function clientQuery(query: Record<string, string | number>): string {
  return `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
}

test.describe('the robustness calls of a pack listing, as generated', () => {
  const spec = loadSpec();
  const op = spec.operation('listPackMessages');
  const profile = { ...loadMockProfile(), isMock: false, allowsWrites: false } as TargetProfile;

  test('carry mark_as_read=false, and only that value under any spelling, in every call through the client', () => {
    const calls = fc.sample(malformedReadCall(spec, op, profile), { numRuns: SAMPLES, seed: 27 });
    const unsafe = calls
      .map((call) => ({ call: call.mutation, problem: markAsReadProblem(clientQuery(call.query)) }))
      .filter((c) => c.problem !== undefined);
    expect(unsafe).toEqual([]);
  });

  test('carry mark_as_read=false, and only that value under any spelling, in every raw call', () => {
    const calls = fc.sample(rawUrlCall(spec, op, profile), { numRuns: SAMPLES, seed: 27 });
    const unsafe = calls
      .map((call) => ({ call: call.mutation, problem: markAsReadProblem(`?${call.rawUrl?.query ?? ''}`) }))
      .filter((c) => c.problem !== undefined);
    expect(unsafe).toEqual([]);
  });

  test('the wire check itself refuses listings without mark_as_read=false, duplicated or disguised', () => {
    const listing = '/messages/packs/3000000200/sellers/2001';
    for (const query of [
      '',
      '?limit=1',
      '?mark_as_read=',
      '?mark_as_read=false&mark_as_read=%00',
      '?MARK%5FAS%5FREAD=1&mark_as_read=false',
    ])
      expect(sideEffectOf({ method: 'GET', target: `${listing}${query}` }), query).toBeDefined();
    expect(sideEffectOf({ method: 'GET', target: `/%6Dessages/packs/1/sellers/2/?x=1` })).toBeDefined();
    expect(sideEffectOf({ method: 'GET', target: `${listing}?limit=2&mark_as_read=false` })).toBeUndefined();
    expect(sideEffectOf({ method: 'DELETE', target: '/packs/1/fiscal_documents' })).toBeDefined();
  });
});

test.describe('a read-only run of every property from the seller and the buyer, on the wire', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let mock: StartedMock;
  let front: RecordingFront;
  let run: SuiteRun;
  let tests: TestRecord[];

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    mock = await startMock(await freePort());
    front = await startRecordingFront(mock.baseURL);
    const dir = newRunDir();
    const env = {
      BASE_URL: front.url,
      TARGET: smallProfile(front.url),
      LEAN_REPORTS: '1',
    };
    run = await runSuite(['--project=properties'], env, dir);
    ({ tests } = readResults(join(run.dir, 'results.json')));
  });
  test.afterAll(async () => {
    await front?.close();
    mock?.stop();
  });

  test('passes, with the robustness properties of every read run to their end', () => {
    expect(run.status, run.output.slice(-4000)).toBe(0);
    const robustness = tests.filter(
      (t) => t.file.endsWith('robustness.spec.ts') && t.tags.includes('@readonly'),
    );
    expect(robustness.map((t) => t.outcome)).toEqual(['passed', 'passed']);
  });

  test('sends no POST or DELETE, and no pack listing without mark_as_read=false, as the front saw it', () => {
    const requests = front.requests().filter((r) => !r.target.startsWith('/__mock'));
    expect(front.unreadable()).toEqual([]);
    expect(requests.length).toBeGreaterThan(200);
    expect(requests.filter((r) => isPackListing(r.target)).length).toBeGreaterThan(10);
    expect(requests.map(sideEffectOf).filter(Boolean)).toEqual([]);
  });

  test("sends the same as the mock's own request log shows", () => {
    const logged = requestsOf(mock)
      .filter((r) => !r.url.startsWith('/__mock'))
      .map((r) => ({ method: r.method, target: r.url }));
    expect(logged.length).toBeGreaterThan(200);
    expect(logged.map(sideEffectOf).filter(Boolean)).toEqual([]);
    const seen = new Set(front.requests().map((r) => `${r.method} ${r.target}`));
    expect(logged.filter((r) => !seen.has(`${r.method} ${r.target}`))).toEqual([]);
  });
});
