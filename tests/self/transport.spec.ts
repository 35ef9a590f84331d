import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect, test } from '@playwright/test';
import { exchange, RESET_BEFORE_ANSWER } from '../../lib/client/transport.ts';
import { type KeepAliveTarget, startKeepAliveTarget } from './hostile/keep-alive.ts';

const IDLE_MS = 300;

/** The target's own answers: /reset resets every request, /cut resets in the middle of the body. */
function route(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.url === '/reset') {
    req.socket.destroy();
    return true;
  }
  if (req.url === '/cut') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' }).write('{"id": ');
    setTimeout(() => req.socket.destroy(), 20);
    return true;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  return true;
}

const idle = () => new Promise((resolve) => setTimeout(resolve, IDLE_MS + 150));

test.describe('the transport against a short keep-alive without the Keep-Alive hint', () => {
  let target: KeepAliveTarget;
  const send = (method: string, path: string) =>
    exchange({
      method,
      url: `${target.url}${path}`,
      headers: {},
      body: method === 'POST' ? '{}' : undefined,
      timeoutMs: 5000,
    });

  test.beforeEach(async () => {
    target = await startKeepAliveTarget('', { idleMs: IDLE_MS, route });
  });
  test.afterEach(async () => target.close());

  test('a GET on a pooled connection reset before any answer is sent once more, on a fresh connection', async () => {
    await send('GET', '/first');
    await idle();
    const answer = await send('GET', '/second');
    expect(answer.status).toBe(200);
    expect(answer.retriedAfter).toBe(RESET_BEFORE_ANSWER);
    const second = target.log.filter((a) => a.path === '/second');
    expect(second.map((a) => [a.reused, a.outcome])).toEqual([
      [true, 'reset'],
      [false, 'answered'],
    ]);
  });

  test('a GET reset again on the fresh connection fails, naming both resets', async () => {
    await expect(send('GET', '/reset')).rejects.toThrow(
      `${RESET_BEFORE_ANSWER}, again when retried once on a fresh connection`,
    );
    expect(target.log.filter((a) => a.path === '/reset')).toHaveLength(2);
  });

  test('a GET reset in the middle of the body is not retried: it is a finding', async () => {
    await expect(send('GET', '/cut')).rejects.toThrow(
      'connection reset by the target in the middle of the body',
    );
    expect(target.log.filter((a) => a.path === '/cut')).toHaveLength(1);
  });

  test('a POST goes on a connection of its own, so an idle pooled one cannot fail it', async () => {
    await send('GET', '/first');
    await idle();
    expect((await send('POST', '/write')).status).toBe(200);
    await idle();
    expect((await send('POST', '/write')).status).toBe(200);
    const writes = target.log.filter((a) => a.method === 'POST');
    expect(writes.map((a) => [a.reused, a.outcome])).toEqual([
      [false, 'answered'],
      [false, 'answered'],
    ]);
  });

  test('a POST reset before any answer is never sent again', async () => {
    await expect(send('POST', '/reset')).rejects.toThrow(new RegExp(`^${RESET_BEFORE_ANSWER}$`));
    expect(target.log.filter((a) => a.method === 'POST')).toHaveLength(1);
  });
});
