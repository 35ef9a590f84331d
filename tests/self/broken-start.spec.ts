import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runCommandAsync } from '../../lib/process/launch.ts';
import { freePort } from '../../scripts/free-port.ts';

// A broken start, as a new user makes it: one line naming the problem, exit 2, and nothing of the last
// run touched (its verdict, its Playwright report, the target's memory).

const users = { seller: { id: 1, token: 'seller-token-1' }, buyer: { id: 2, token: 'buyer-token-2' } };

interface Start {
  status: number | null;
  lines: string[];
  verdictKept: boolean;
  reportKept: boolean;
  memoryWritten: boolean;
}

/** A reports folder holding a sentinel of the last run, then conformance.sh with `env`. */
async function startConformance(env: Record<string, string | undefined>): Promise<Start> {
  const dir = mkdtempSync(join(tmpdir(), 'broken-start-'));
  writeFileSync(join(dir, 'verdict.json'), '{"sentinel":true}');
  mkdirSync(join(dir, 'html'));
  writeFileSync(join(dir, 'html', 'index.html'), 'sentinel');
  // Not blocking this worker: a test's own server must answer meanwhile.
  const run = await runCommandAsync('bash', ['scripts/conformance.sh'], {
    env: {
      REPORTS_DIR: dir,
      MEMORY: join(dir, 'memory.json'),
      CI: '1',
      TARGET: undefined,
      BASE_URL: undefined,
      MOCK_BASE_URL: undefined,
      ...env,
    },
    timeoutMs: 60_000,
  });
  return {
    status: run.status,
    lines: `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.trim() !== ''),
    verdictKept: readFileSync(join(dir, 'verdict.json'), 'utf8').includes('sentinel'),
    reportKept: existsSync(join(dir, 'html', 'index.html')),
    memoryWritten: existsSync(join(dir, 'memory.json')),
  };
}

function profileFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'profile-')), 'target.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

function expectStoppedCleanly(start: Start, line: RegExp): void {
  expect(start.lines, start.lines.join('\n')).toHaveLength(1);
  expect(start.lines[0]).toMatch(line);
  expect(start.status).toBe(2);
  expect(start.verdictKept, 'the last verdict stays as it was').toBe(true);
  expect(start.reportKept, 'the last Playwright report stays').toBe(true);
  expect(start.memoryWritten, 'no memory written').toBe(false);
}

test.describe('a broken start stops the run and touches nothing', () => {
  test('malformed JSON', async () => {
    const start = await startConformance({ TARGET: profileFile('{"baseURL": ') });
    expectStoppedCleanly(start, /^target profile ".*": .* is not valid JSON/);
  });

  test('a TARGET file that does not exist', async () => {
    const start = await startConformance({ TARGET: join(tmpdir(), 'no-such-profile.json') });
    expectStoppedCleanly(start, /^target profile ".*": file .* does not exist$/);
  });

  test('an environment variable the profile names, unset', async () => {
    const start = await startConformance({ TARGET: 'staging.example', STAGING_BASE_URL: undefined });
    expectStoppedCleanly(start, /environment variable STAGING_BASE_URL is not set$/);
  });

  test("a typo'd user and a typo'd field are refused with the nearest valid name", async () => {
    const { seller, buyer } = users;
    const user = await startConformance({
      TARGET: profileFile({ baseURL: 'http://127.0.0.1:9', users: { seler: seller, buyer } }),
    });
    expectStoppedCleanly(user, /\/users\/seler: unknown field; did you mean seller\?$/);
    const field = await startConformance({
      TARGET: profileFile({ baseURL: 'http://127.0.0.1:9', requestPerSecond: 1, users }),
    });
    expectStoppedCleanly(field, /\/requestPerSecond: unknown field; did you mean requestsPerSecond\?$/);
  });

  test('a non-loopback BASE_URL without TARGET', async () => {
    const start = await startConformance({ BASE_URL: 'https://staging.example.test' });
    expectStoppedCleanly(start, /^BASE_URL staging\.example\.test is not a loopback host: set TARGET/);
  });

  test('an environment variable that is not a number', async () => {
    expectStoppedCleanly(await startConformance({ WORKERS: 'four' }), /^environment variable WORKERS="four"/);
  });

  test('a target that refuses the connection', async () => {
    const port = await freePort();
    const start = await startConformance({
      TARGET: profileFile({ baseURL: `http://127.0.0.1:${port}`, users }),
    });
    expectStoppedCleanly(
      start,
      new RegExp(`^the target at http://127\\.0\\.0\\.1:${port} does not answer: connection refused`),
    );
  });

  test('a target that answers TLS on an http URL, and plain HTTP on an https one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tls-'));
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    const request = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'];
    execFileSync('openssl', [...request, '-keyout', key, '-out', cert], { stdio: 'ignore' });
    const tls = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_q, r) =>
      r.end('[]'),
    );
    const plain = createServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n[]'));
    const listen = (server: Server) =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
      );
    const [tlsPort, plainPort] = [await listen(tls), await listen(plain)];
    try {
      const onHttp = await startConformance({
        TARGET: profileFile({ baseURL: `http://127.0.0.1:${tlsPort}`, users }),
      });
      expectStoppedCleanly(onHttp, /does not answer: it answers TLS on an http URL \(use https:\/\/\)/);
      const onHttps = await startConformance({
        TARGET: profileFile({ baseURL: `https://127.0.0.1:${plainPort}`, users }),
      });
      expectStoppedCleanly(
        onHttps,
        /does not answer: it answers plain HTTP on an https URL \(use http:\/\/\)/,
      );
    } finally {
      tls.close();
      plain.close();
    }
  });

  test("a user's token the target refuses (a typo, an expired token), without the token in the line", async () => {
    const server = createHttpServer((request, response) => {
      const refused =
        request.url?.startsWith('/orders/search') &&
        request.headers.authorization !== 'Bearer seller-token-1';
      response.writeHead(refused ? 401 : 200, { 'content-type': 'application/json' });
      response.end(
        refused
          ? JSON.stringify({ message: `invalid_token ${users.buyer.token}`, error: 'not_found' })
          : '[]',
      );
    });
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
    try {
      const start = await startConformance({
        TARGET: profileFile({ baseURL: `http://127.0.0.1:${port}`, users }),
      });
      expectStoppedCleanly(
        start,
        /^the buyer's token is refused: GET \/orders\/search\?buyer=2&limit=1 answered 401 \(invalid_token \[token\]\); check users\.buyer\.token of the profile; no test was run$/,
      );
    } finally {
      server.close();
    }
  });

  test("a server already on the mock's port is not judged in its place", async () => {
    const server = createServer();
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
    try {
      const start = await startConformance({ MOCK_PORT: String(port) });
      expectStoppedCleanly(
        start,
        new RegExp(`^port ${port} is taken, where the run would start its own mock`),
      );
    } finally {
      server.close();
    }
  });

  test('a plain `playwright test` stops in global setup on a target that does not answer: one line, exit 2', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'broken-start-'));
    const run = await runCommandAsync(
      'npx',
      ['playwright', 'test', '--project', 'contract', '--reporter=dot'],
      {
        env: { BASE_URL: `http://127.0.0.1:${port}`, TARGET: undefined, REPORTS_DIR: dir, CI: '1' },
        timeoutMs: 60_000,
      },
    );
    const lines = `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.trim() !== '');
    expect(lines, lines.join('\n')).toEqual([
      `the target at http://127.0.0.1:${port} does not answer: connection refused; no test was run`,
    ]);
    expect(run.status).toBe(2);
  });
});
