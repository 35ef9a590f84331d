import type { APIRequestContext } from '@playwright/test';
import { runFindings } from '../../../fixtures/conformance/findings.ts';
import type { Spec } from '../../../fixtures/conformance/spec.ts';
import { failingOf, judge, recordFindings } from '../../../fixtures/conformance/verdict.ts';
import type { TargetProfile } from '../../../fixtures/target/types.ts';
import type { MalformedCall } from './operationCalls.ts';

/** What a raw call observed: as the API client's answer, without evidence attachments. */
export interface RawAnswer {
  label: string;
  status: number;
  body: unknown;
  violations: string[];
}

let nextSlot = 0;

async function pace(target: TargetProfile): Promise<void> {
  if (target.requestsPerSecond <= 0) return;
  const now = Date.now();
  const at = Math.max(now, nextSlot);
  nextSlot = at + 1000 / target.requestsPerSecond;
  if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Sends a call whose URL is written byte for byte (the API client encodes every value, so it cannot
 * send duplicated parameters or odd percent-encodings), then runs the same conformance checks.
 */
export async function sendRaw(
  request: APIRequestContext,
  spec: Spec,
  target: TargetProfile,
  malformed: MalformedCall & { rawUrl: NonNullable<MalformedCall['rawUrl']> },
): Promise<RawAnswer> {
  const op = spec.operation(malformed.operationId);
  if (op.method !== 'get' && !target.allowsWrites) {
    throw new Error(
      `target profile "${target.name}" does not allow writes: refusing ${op.method.toUpperCase()} ${op.path}`,
    );
  }
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => malformed.rawUrl.path[name] ?? '');
  const query = malformed.rawUrl.query ? `?${malformed.rawUrl.query}` : '';
  const token = malformed.as === 'seller' ? target.users.seller.token : undefined;
  const headers: Record<string, string> = { ...malformed.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  await pace(target);
  const answer = await request.fetch(`${target.baseURL}${path}${query}`, {
    method: op.method.toUpperCase(),
    headers,
    failOnStatusCode: false,
    maxRedirects: 0,
    timeout: target.timeoutMs,
  });
  const text = (await answer.body()).toString('utf8');
  const responseHeaders = answer.headers();
  const body = (responseHeaders['content-type'] ?? '').includes('json') ? parseJson(text) : undefined;
  const label = `${op.method.toUpperCase()} ${path}${query}`;
  const judged = judge(
    runFindings(
      { spec, op, label: `${op.method.toUpperCase()} ${op.path}`, clientErrorStatusOpen: !target.isMock },
      { status: answer.status(), headers: responseHeaders, body, text },
    ),
    target,
  );
  recordFindings(judged);
  const violations = failingOf(judged).map((finding) => `[${finding.check}] ${finding.message}`);
  return { label, status: answer.status(), body, violations };
}
