import { expect, test } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { runChecks } from '../../lib/checks/checks.ts';
import { loadSpec } from '../../lib/checks/spec.ts';
import type { CallOptions, FilePart } from '../../lib/client/types.ts';
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

async function multipartBody(fields: Record<string, FilePart | FilePart[] | string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (typeof part === 'string') form.append(name, part);
      else form.append(name, new Blob([part.buffer], { type: part.mimeType }), part.name);
    }
  }
  const request = new Request('http://mock.local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
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
    const url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      const value = options.path?.[name];
      if (value === undefined) throw new Error(`path parameter ${name} of ${op.path} was not given`);
      return encodeURIComponent(String(value));
    });
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) query[key] = String(value);
    const headers: Record<string, string> = { ...options.headers };
    const token = tokenOf(options.as);
    if (token !== undefined && options.tokenIn === 'query') query.access_token = token;
    else if (token !== undefined) headers.authorization = `Bearer ${token}`;
    let payload: string | Buffer | undefined;
    if (options.json !== undefined) {
      payload = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    } else if (options.raw !== undefined) payload = options.raw;
    else if (options.multipart) {
      const body = await multipartBody(options.multipart);
      payload = body.payload;
      headers['content-type'] = body.contentType;
    }
    const res = await this.app.inject({
      method: op.method.toUpperCase() as 'GET',
      url,
      query,
      headers,
      payload,
    });
    const resHeaders = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
    const bytes = res.rawPayload;
    const contentType = resHeaders['content-type'] ?? '';
    const text = /json|text|xml/.test(contentType) ? bytes.toString('utf8') : bytes.toString('latin1');
    let body: unknown;
    if (contentType.includes('json') && text) body = JSON.parse(text);
    const label = `${op.method.toUpperCase()} ${op.path}`;
    const violations = runChecks(
      { spec, op, label },
      { status: res.statusCode, headers: resHeaders, body, text },
    );
    return { operationId, label, status: res.statusCode, headers: resHeaders, body, text, bytes, violations };
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
