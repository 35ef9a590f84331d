import { expect, test } from '@playwright/test';
import { runFindings } from '../../lib/checks/findings.ts';
import { loadSpec } from '../../lib/checks/spec.ts';
import { PRODUCTION_SEED } from '../../mock/alternate/index.ts';
import type { MockOptions } from '../../mock/app.ts';
import { type InjectedResponse, type MockCallOptions, MockHarness } from './harness.ts';

export const SELLER = 2001;
export const SELLER2 = 2002;
export const BUYER = 3001;
export const STRANGER = 4001;
export const PAID = 2000000005;
export const SHIPMENT = 4000000012;
export const PACK = 3000000200;
export const SHARED_PACK = 3000000100;
export const WRITABLE_PACK = 3000000101;
export const WRITABLE_CONVERSATION = 3000000201;
export const WITHOUT_PACK = 2000000013;
export const SEED_DOC = '68f1c2a0b4e5d6c7a8b9c0d1';
export const MESSAGE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
export const REJECTED = 'b1b2c3d4e5f60718293a4b5c6d7e8f90';
export const ATTACHMENT = '3001_5b0e7c1d2a3f4e5d6c7b8a9f.pdf';
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export const spec = loadSpec();

/**
 * A listed field a test needs from the alternate mock, whose choices here send it: its absence (a
 * production-shaped omission the test cannot judge past) fails the test rather than judging nothing.
 */
export function carried<T>(value: T | undefined, what: string): T {
  if (value === undefined)
    throw new Error(`${what}: the alternate mock left out a listed field this test needs`);
  return value;
}

export interface Judged<O extends string = string> extends InjectedResponse<O> {
  /** Findings that break the reference (types, enums, statuses, error shape, stated presence). */
  breaks: string[];
  /** Listed fields left out: allowed, the alternate mock's very point. */
  omissions: string[];
}

/** Calls an operation and judges it as the suite judges a foreign target, omissions apart. */
export async function judged<O extends string>(
  mock: MockHarness,
  operationId: O,
  options: MockCallOptions,
): Promise<Judged<O>> {
  const res = await mock.call(operationId, options);
  const op = spec.operation(operationId);
  const findings = runFindings(
    { spec, op, label: `${op.method.toUpperCase()} ${op.path}` },
    { status: res.status, headers: res.headers, body: res.body, text: res.text },
  );
  return {
    ...res,
    breaks: findings.filter((f) => f.level === 'violation').map((f) => f.message),
    omissions: findings.filter((f) => f.level === 'omission').map((f) => f.field),
  };
}

export async function faithful<O extends string>(
  mock: MockHarness,
  operationId: O,
  options: MockCallOptions,
): Promise<Judged<O>> {
  const res = await judged(mock, operationId, options);
  expect(res.breaks, `${operationId} ${JSON.stringify(options)}: ${res.text.slice(0, 300)}`).toEqual([]);
  return res;
}

export const alternate = (force: Record<string, string> = {}, seed = PRODUCTION_SEED): MockOptions => ({
  alternate: { seed, force },
});

export function useAlternate(options: MockOptions): () => MockHarness {
  let mock: MockHarness | undefined;
  test.beforeAll(async () => {
    mock = await MockHarness.start(options);
  });
  test.afterAll(() => mock?.close());
  return () => mock!;
}

/**
 * The choices of the transport the in-process sweep leaves at the mock's: inject() reads no content coding,
 * and a refusal (429/503, not judged by the suite) or latency says nothing of the answer's faithfulness.
 * `alternate mock: the transport` proves them over a socket, through the suite's own transport.
 */
export const PLAIN_TRANSPORT = {
  compression: 'mock',
  'rate-limit': 'mock',
  'transient-refusal': 'mock',
  latency: 'mock',
};

/** The seller's message with one attachment to the buyer, in the writable conversation, judged as the suite judges. */
export function sendWithAttachment(
  mock: MockHarness,
  attachmentId: string,
): Promise<Judged<'sendPackMessage'>> {
  return faithful(mock, 'sendPackMessage', {
    as: SELLER,
    path: { pack_id: WRITABLE_CONVERSATION, user_id: SELLER },
    query: { tag: 'post_sale', application_id: '1234567890123456' },
    json: {
      from: { user_id: String(SELLER) },
      to: { user_id: String(BUYER) },
      text: 'Olá',
      attachments: [attachmentId],
    },
  });
}
