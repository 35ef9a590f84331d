import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runCommandAsync } from '../../lib/process/launch.ts';
import { freePort } from '../../scripts/free-port.ts';
import { type StartedMock, smallProfile, startMock } from './target-run.ts';

// A base URL the API is not under (issue 48): a path prefix the server does not have answers every
// documented read 404, a web page answers HTML. The start checks say so in one line and exit 2 with
// nothing of the last run touched; a real server that answers some reads 404 among others runs on.

test.describe.configure({ timeout: 90_000 });

const lines = (run: { stdout: string; stderr: string }) =>
  `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.trim() !== '');

/** The start checks alone (scripts/preflight.ts) against `profile` at `baseURL`. */
function preflight(profile: string) {
  return runCommandAsync('node', ['--import', 'tsx', 'scripts/preflight.ts'], {
    env: { TARGET: profile, BASE_URL: undefined, MOCK_BASE_URL: undefined, MOCK_PORT: undefined },
    timeoutMs: 60_000,
  });
}

/** A profile like smallProfile's, at another base URL. */
function profileAt(baseURL: string): string {
  const file = smallProfile(baseURL);
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, JSON.stringify({ ...profile, baseURL }));
  return file;
}

/** A server answering each request with `answer(path)`: [status, content type, body]. */
async function serve(
  answer: (path: string) => [number, string, string],
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const [status, type, body] = answer((request.url ?? '/').split('?')[0] ?? '/');
    response.writeHead(status, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test.describe('a base URL the API is not under', () => {
  let mock: StartedMock;
  test.beforeAll(async () => {
    mock = await startMock(await freePort());
  });
  test.afterAll(() => mock?.stop());

  test('a path prefix the mock does not have: one line, exit 2, the last report, verdict and memory untouched', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wrong-path-'));
    writeFileSync(join(dir, 'verdict.json'), '{"sentinel":true}');
    mkdirSync(join(dir, 'html'));
    writeFileSync(join(dir, 'html', 'index.html'), 'sentinel');
    const baseURL = `${mock.baseURL}/api/v1`;
    const run = await runCommandAsync('bash', ['scripts/conformance.sh'], {
      env: {
        TARGET: profileAt(baseURL),
        REPORTS_DIR: dir,
        MEMORY: join(dir, 'memory.json'),
        CI: '1',
        BASE_URL: undefined,
        MOCK_BASE_URL: undefined,
      },
      timeoutMs: 60_000,
    });
    const said = lines(run);
    expect(said, said.join('\n')).toHaveLength(1);
    expect(said[0]).toMatch(
      /^every documented read answered 404 \(GET \/users\/\d+\?attributes=status, .*\): is the base URL's path right\?.*no test was run$/,
    );
    expect(said[0]).toContain(baseURL);
    expect(run.status).toBe(2);
    expect(readFileSync(join(dir, 'verdict.json'), 'utf8')).toContain('sentinel');
    expect(readFileSync(join(dir, 'html', 'index.html'), 'utf8')).toBe('sentinel');
    expect(existsSync(join(dir, 'memory.json'))).toBe(false);
    expect(existsSync(join(dir, 'results.json'))).toBe(false);
  });

  test('the same base URL without the prefix passes the start checks', async () => {
    const run = await preflight(profileAt(mock.baseURL));
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  });

  test('a plain `playwright test` at the prefix stops in global setup with the same line', async () => {
    const run = await runCommandAsync(
      'npx',
      ['playwright', 'test', '--project', 'contract', '--reporter=dot'],
      {
        env: {
          TARGET: profileAt(`${mock.baseURL}/api/v1`),
          REPORTS_DIR: mkdtempSync(join(tmpdir(), 'wrong-path-')),
          CI: '1',
          BASE_URL: undefined,
          MOCK_BASE_URL: undefined,
        },
        timeoutMs: 60_000,
      },
    );
    expect(lines(run), lines(run).join('\n')).toEqual([
      expect.stringMatching(/^every documented read answered 404/),
    ]);
    expect(run.status).toBe(2);
  });
});

test('a web page at the base URL (HTML for every read) is named as such', async () => {
  const { url, server } = await serve(() => [
    200,
    'text/html',
    '<!doctype html><html><body>Shop</body></html>',
  ]);
  try {
    const run = await preflight(profileAt(url));
    expect(lines(run)).toEqual([
      expect.stringMatching(/^every documented read answered an HTML page .*not a web page's/),
    ]);
    expect(run.status).toBe(2);
  } finally {
    server.close();
  }
});

test('a server answering 200 with bodies shaped like no answer of the operations is stopped', async () => {
  const { url, server } = await serve(() => [200, 'application/json', '{"ok":true}']);
  try {
    const run = await preflight(profileAt(url));
    expect(lines(run)).toEqual([expect.stringMatching(/^no documented read answered as the API does/)]);
    expect(run.status).toBe(2);
  } finally {
    server.close();
  }
});

test('a real server answering some reads 404 among others is not stopped', async () => {
  // The user status and the countries are not served (404); the order search answers as documented.
  const { url, server } = await serve((path) =>
    path === '/orders/search'
      ? [
          200,
          'application/json',
          '{"query":"","results":[],"sort":{},"available_sorts":[],"filters":[],"paging":{"total":0,"offset":0,"limit":1},"display":"complete"}',
        ]
      : [404, 'application/json', '{"message":"not found","error":"not_found","status":404,"cause":[]}'],
  );
  try {
    const run = await preflight(profileAt(url));
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  } finally {
    server.close();
  }
});
