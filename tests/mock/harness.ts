import { expect, test } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { runChecks } from '../../lib/checks/checks.ts';
import { loadSpec } from '../../lib/checks/spec.ts';
import type { CallOptions } from '../../lib/client/types.ts';
import { decodeBodyLeniently } from '../../lib/exchange/decode.ts';
import type { Exchange } from '../../lib/exchange/exchange.ts';
import { buildRequest } from '../../lib/exchange/request.ts';
import { build, type MockOptions } from '../../mock/app.ts';
import { createUsersStore } from '../../mock/store/users.ts';

export interface InjectedResponse<O extends string = string> {
  /** The operation called: a literal operationId types the body through lib/client/typed.ts. */
  operationId: O;
  label: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
  text: string;
  bytes: Buffer;
  /** Conformance-check failures against the bundled spec ([] when the answer conforms). */
  violations: string[];
  /** The exchange itself (lib/exchange): the fields above are its answer's (the mock's tokens are no secret). */
  exchange: Exchange;
}

export interface MockCallOptions extends Omit<CallOptions, 'as'> {
  /** A user id of fixtures/data/users.json, 'anonymous', or a literal token. */
  as?: number | 'anonymous' | { token: string };
}

const spec = loadSpec();
const users = createUsersStore();

function tokenOf(as: MockCallOptions['as']): string | undefined {
  if (as === undefined || as === 'anonymous') return undefined;
  if (typeof as === 'object') return as.token;
  const user = users.byId(as);
  if (!user) throw new Error(`no user ${as} in fixtures/data/users.json`);
  return user.token;
}

/** The origin the injected requests are written against (inject reads only their path and query). */
const ORIGIN = 'http://mock.local';

function headersOf(raw: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw))
    if (value !== undefined)
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  return headers;
}

/** The mock in-process: calls operations by operationId with app.inject() and checks every answer against the spec. */
export class MockHarness {
  private constructor(readonly app: FastifyInstance) {}

  static async start(options: MockOptions = {}): Promise<MockHarness> {
    const app = await build(options);
    await app.ready();
    return new MockHarness(app);
  }

  async call<O extends string>(operationId: O, options: MockCallOptions = {}): Promise<InjectedResponse<O>> {
    const op = spec.operation(operationId);
    const token = tokenOf(options.as);
    const request = await buildRequest(ORIGIN, spec.doc, op, { ...options, token });
    const startedMs = Date.now();
    const res = await this.app.inject({
      method: request.method as 'GET',
      url: `${request.url.pathname}${request.url.search}`,
      headers: request.headers,
      payload: request.body,
    });
    const headers = headersOf(res.headers);
    // The one decoder, never throwing: a body the mock breaks is judged by the checks, not a crash here.
    const { bytes, text, body } = decodeBodyLeniently(res.rawPayload, headers);
    const exchange: Exchange = {
      operation: operationId,
      ...(typeof options.as === 'number' ? { caller: String(options.as) } : {}),
      request,
      response: { status: res.statusCode, headers, bytes, text, body },
      startedMs,
      endedMs: Date.now(),
    };
    const label = `${request.method} ${op.path}`;
    const violations = runChecks({ spec, op, label }, exchange.response);
    return { operationId, label, status: res.statusCode, headers, body, text, bytes, violations, exchange };
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

/** A fresh mock for every test of the file (tests that write), closed after each. */
export function useFreshMock(options: MockOptions = {}): () => MockHarness {
  let mock: MockHarness | undefined;
  test.beforeEach(async () => {
    mock = await MockHarness.start(options);
  });
  test.afterEach(() => mock?.close());
  return () => mock!;
}

/** One mock for all tests of the file (read-only tests), closed after the last. */
export function useSharedMock(options: MockOptions = {}): () => MockHarness {
  let mock: MockHarness | undefined;
  test.beforeAll(async () => {
    mock = await MockHarness.start(options);
  });
  test.afterAll(() => mock?.close());
  return () => mock!;
}

/** Calls an operation and fails the test when the answer breaks a conformance check of the spec. */
export async function callConforming<O extends string>(
  mock: MockHarness,
  operationId: O,
  options: MockCallOptions,
): Promise<InjectedResponse<O>> {
  const res = await mock.call(operationId, options);
  expect(res.violations, `${operationId}: conformance to the spec`).toEqual([]);
  return res;
}

/** An error answer of the mock: status, `{error, status, cause: []}`, and the message when given. */
export function expectMockError(
  res: InjectedResponse,
  status: number,
  error: string,
  message?: string | RegExp,
): void {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toMatchObject({ error, status, cause: [] });
  const { body } = res;
  const actual = typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
  if (typeof message === 'string') expect(actual).toBe(message);
  else if (message) expect(actual).toMatch(message);
}
