import { type APIRequestContext, test } from '@playwright/test';
import { runFindings } from '../../../lib/checks/findings.ts';
import type { Spec } from '../../../lib/checks/spec.ts';
import { failingOf, judge, recordFindings } from '../../../lib/checks/verdict.ts';
import { callTargetInTest, extendTimeout, workerPace } from '../../../lib/client/client.ts';
import { profileRedactor } from '../../../lib/client/profile-redactor.ts';
import type { TargetProfile } from '../../../lib/profile/types.ts';
import type { MalformedCall } from './operationCalls.ts';

/** What a raw call observed: as the API client's answer, without evidence attachments. */
export interface RawAnswer {
  label: string;
  status: number;
  body: unknown;
  violations: string[];
}

/** Sent as the API client sends: paced at the run's rate, a reset read retried once, 429/503 waited out. */
async function send(target: TargetProfile, method: string, url: string, headers: Record<string, string>) {
  const info = test.info();
  const redact = profileRedactor(target);
  const label = redact(`${method} ${url.replace(target.baseURL, '')}`);
  const out = { method, url, headers, timeoutMs: target.timeoutMs };
  const call = { out, label, pace: workerPace(target.requestsPerSecond, info), policy: target.rateLimit };
  const answer = await callTargetInTest(call, redact, { held: (ms) => extendTimeout(info, ms) });
  return { status: answer.status, headers: answer.headers, text: answer.bytes.toString('utf8') };
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
  _request: APIRequestContext,
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
  const answer = await send(target, op.method.toUpperCase(), `${target.baseURL}${path}${query}`, headers);
  const { text, headers: responseHeaders } = answer;
  const body = (responseHeaders['content-type'] ?? '').includes('json') ? parseJson(text) : undefined;
  const label = `${op.method.toUpperCase()} ${path}${query}`;
  const judged = judge(
    runFindings(
      {
        spec,
        op,
        label: `${op.method.toUpperCase()} ${op.path}`,
        clientErrorStatusOpen: !target.isMock,
        mockChoicesHeld: target.isMock,
        redact: profileRedactor(target),
      },
      { status: answer.status, headers: responseHeaders, body, text },
    ),
    target,
  );
  recordFindings(judged);
  const violations = failingOf(judged).map((finding) => `[${finding.check}] ${finding.message}`);
  return { label, status: answer.status, body, violations };
}
