/**
 * One exchange, one decoder, one request builder (issue 32): every producer of an exchange (the API
 * client, drift's sides, the raw property calls, the mock harness, traffic's readers) builds
 * lib/exchange's `Exchange`, decodes a body with lib/exchange/decode.ts and places a token as the
 * operation's `security` says (lib/exchange/request.ts). This test fails when a second shape or a
 * second decoder appears.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadSpec, projectRoot } from '../../lib/checks/spec.ts';
import { withExchange } from '../../lib/exchange/exchange.ts';
import { buildRequest, placeToken, tokenPlaceOf } from '../../lib/exchange/request.ts';

const ROOTS = ['lib', 'scripts', 'tests', 'mock', 'fixtures', 'bench'];
const SELF = 'tests/spec/one-exchange.spec.ts';

/** Where the Exchange may be declared: lib/exchange alone. */
const EXCHANGE_ALLOWED = [/^lib\/exchange\//];

/** Where a body may be decompressed (decompressing, not compressing: the mock's encoder is free) or read as latin1 outside the one decoder, and why. */
const DECODING_ALLOWED: [RegExp, string][] = [
  [/^lib\/exchange\/decode\.ts$/, 'the one decoder'],
  [/^lib\/checks\/assertions\.ts$/, "a downloaded file's signature, read byte for byte"],
  [/^tests\/contract\/meanings\.spec\.ts$/, "a downloaded file's signature, read byte for byte"],
  [/^lib\/facts\/documents\.ts$/, "a downloaded file's signature, read byte for byte"],
  [/^lib\/discovery\/reachable\.ts$/, "a raw socket probe's status line"],
  [/^lib\/report\/find-secrets\.ts$/, 'report files searched for secrets byte for byte'],
  [/^tests\/self\/read-only-front\.ts$/, 'a test proxy reading HTTP heads off the socket'],
  [/^lib\/rules\/multipart\.ts$/, "a multipart part's head, which HTTP reads byte for byte"],
];

const EXCHANGE_DECLARED = /^\s*(?:export\s+)?(?:declare\s+)?(?:interface|type|class)\s+Exchange\b/;
const DECODING =
  /\b(?:gunzipSync|inflateSync|brotliDecompressSync)\b|\.toString\(\s*['"`](?:latin1|binary)['"`]\s*\)/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(projectRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(path);
    return /\.[cm]?[jt]s$/.test(entry.name) ? [path] : [];
  });
}

const sources = ROOTS.flatMap(sourcesUnder).filter((file) => file !== SELF);

/** `file:line: text` for every line of a file outside `allowed` matching `pattern`. */
function linesMatching(pattern: RegExp, allowed: RegExp[]): string[] {
  return sources
    .filter((file) => !allowed.some((place) => place.test(file)))
    .flatMap((file) =>
      readFileSync(join(projectRoot, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
}

test.describe('one exchange: one type, one decoder, one request builder', () => {
  test('the scan reads the project', () => {
    expect(sources).toContain('lib/exchange/exchange.ts');
    expect(sources).toContain('lib/client/client.ts');
  });

  test('no type named Exchange is declared outside lib/exchange', () => {
    expect(linesMatching(EXCHANGE_DECLARED, EXCHANGE_ALLOWED)).toEqual([]);
  });

  test('no body is decompressed or read as latin1 outside lib/exchange/decode.ts and the listed exceptions', () => {
    const allowed = DECODING_ALLOWED.map(([place]) => place);
    expect(linesMatching(DECODING, allowed)).toEqual([]);
  });

  test('the scan would see a second decoder or a second Exchange (the patterns match what they forbid)', () => {
    expect(DECODING.test('zlib.gunzipSync(bytes)')).toBe(true);
    expect(DECODING.test('bytes.toString("latin1")')).toBe(true);
    expect(DECODING.test("bytes.toString('utf8')")).toBe(false);
    expect(EXCHANGE_DECLARED.test('export interface Exchange {')).toBe(true);
    expect(EXCHANGE_DECLARED.test('type Exchange = { at: number };')).toBe(true);
    expect(EXCHANGE_DECLARED.test('export interface ExchangeRequest {')).toBe(false);
    expect(EXCHANGE_DECLARED.test("import { type Exchange } from '../exchange/exchange.ts';")).toBe(false);
  });
});

test.describe("the request builder places the token as the operation's security says", () => {
  const spec = loadSpec();
  const base = 'http://target.local/api/';
  const build = (operationId: string, args: Parameters<typeof buildRequest>[3]) =>
    buildRequest(base, spec.doc, spec.operation(operationId), args);

  test('getUserStatus (security accessTokenQuery): the access_token query parameter, no Authorization', async () => {
    const request = await build('getUserStatus', {
      path: { user_id: 1 },
      query: { attributes: 'status' },
      token: 'T0K',
    });
    expect(request.url.href).toBe('http://target.local/api/users/1?attributes=status&access_token=T0K');
    expect(request.headers.authorization).toBeUndefined();
  });

  test('getOrder (the default bearerAuth) and listCountries (token optional): the Authorization header', async () => {
    for (const [operationId, path] of [
      ['getOrder', { order_id: 7 }],
      ['listCountries', {}],
    ] as const) {
      const request = await build(operationId, { path, token: 'T0K' });
      expect(request.headers.authorization, operationId).toBe('Bearer T0K');
      expect(request.url.searchParams.has('access_token'), operationId).toBe(false);
    }
  });

  test('a test sends the token elsewhere only by asking (tokenIn), and no token without one', async () => {
    const header = await build('getUserStatus', { path: { user_id: 1 }, token: 'T0K', tokenIn: 'header' });
    expect([header.headers.authorization, header.url.search]).toEqual(['Bearer T0K', '']);
    const query = await build('getOrder', { path: { order_id: 7 }, token: 'T0K', tokenIn: 'query' });
    expect([query.headers.authorization, query.url.search]).toEqual([undefined, '?access_token=T0K']);
    const anonymous = await build('getOrder', { path: { order_id: 7 } });
    expect([anonymous.headers.authorization, anonymous.url.search]).toEqual([undefined, '']);
  });

  test('a token placed in a raw query leaves its odd encodings as written', () => {
    const request = { url: new URL('http://target.local/users/1?a=%zz&a=%252e'), headers: {} };
    placeToken(request, tokenPlaceOf(spec.doc, spec.operation('getUserStatus')), 'T0K');
    expect(request.url.href).toBe('http://target.local/users/1?a=%zz&a=%252e&access_token=T0K');
  });

  test('a JSON body is sent as UTF-8 JSON with its content type; a missing path parameter is refused', async () => {
    const request = await build('sendPackMessage', {
      path: { pack_id: 1, user_id: 2 },
      json: { text: 'olá' },
    });
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body?.toString('utf8')).toBe('{"text":"olá"}');
    await expect(build('getOrder', {})).rejects.toThrow(
      'path parameter order_id of /orders/{order_id} was not given',
    );
  });

  test('an answer carries its exchange, token and all, out of sight of JSON and printed answers', async () => {
    const request = await build('getUserStatus', { path: { user_id: 1 }, token: 'T0K' });
    const response = { status: 200, headers: {}, bytes: Buffer.from(''), text: '', body: undefined };
    const answer = withExchange({ status: 200 }, { request, response, startedMs: 0, endedMs: 0 });
    expect(answer.exchange.request.url.searchParams.get('access_token')).toBe('T0K');
    expect(JSON.stringify(answer)).toBe('{"status":200}');
  });
});
