import { test } from '@playwright/test';
import { runFindings } from '../../../lib/checks/findings.ts';
import type { Spec } from '../../../lib/checks/spec.ts';
import { failingOf, judge, recordFindings } from '../../../lib/checks/verdict.ts';
import { callTargetInTest, extendTimeout, workerPace } from '../../../lib/client/client.ts';
import { clip } from '../../../lib/client/evidence.ts';
import { profileRedactor } from '../../../lib/client/profile-redactor.ts';
import { exchangeOf } from '../../../lib/client/transport.ts';
import type { ApiResponse } from '../../../lib/client/types.ts';
import { type ExchangeRequest, withExchange } from '../../../lib/exchange/exchange.ts';
import { placeToken, tokenPlaceOf } from '../../../lib/exchange/request.ts';
import type { TargetProfile } from '../../../lib/profile/types.ts';
import type { MalformedCall } from './operationCalls.ts';

/** Sent as the API client sends: paced at the run's rate, a reset read retried once, 429/503 waited out. */
async function send(
  target: TargetProfile,
  malformed: MalformedCall,
  request: ExchangeRequest,
  label: string,
) {
  const info = test.info();
  const redact = profileRedactor(target);
  const { method, headers } = request;
  const out = { method, url: request.url.href, headers, timeoutMs: target.timeoutMs };
  const call = { out, label, pace: workerPace(target.requestsPerSecond, info), policy: target.rateLimit };
  const answer = await callTargetInTest(call, redact, { held: (ms) => extendTimeout(info, ms) });
  const caller = malformed.as === 'seller' ? 'seller' : undefined;
  return exchangeOf(request, answer, malformed.operationId, caller);
}

/**
 * The call's URL written byte for byte, its headers, and the seller's token where the operation's
 * `security` puts it; the label names the call without the token.
 */
function requestOf(
  spec: Spec,
  target: TargetProfile,
  malformed: MalformedCall & { rawUrl: NonNullable<MalformedCall['rawUrl']> },
): { request: ExchangeRequest; label: string } {
  const op = spec.operation(malformed.operationId);
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => malformed.rawUrl.path[name] ?? '');
  const query = malformed.rawUrl.query ? `?${malformed.rawUrl.query}` : '';
  const headers = Object.fromEntries(Object.entries(malformed.headers).map(([n, v]) => [n.toLowerCase(), v]));
  const request = {
    method: op.method.toUpperCase(),
    url: new URL(`${target.baseURL}${path}${query}`),
    headers,
  };
  if (malformed.as === 'seller') placeToken(request, tokenPlaceOf(spec.doc, op), target.users.seller.token);
  return { request, label: `${request.method} ${path}${query}` };
}

/**
 * Sends a call whose URL is written byte for byte (the API client encodes every value, so it cannot
 * send duplicated parameters or odd percent-encodings), then runs the same conformance checks: the
 * answer as the API client gives it, its Exchange included.
 */
export async function sendRaw(
  spec: Spec,
  target: TargetProfile,
  malformed: MalformedCall & { rawUrl: NonNullable<MalformedCall['rawUrl']> },
): Promise<ApiResponse> {
  const op = spec.operation(malformed.operationId);
  if (op.method !== 'get' && !target.allowsWrites) {
    throw new Error(
      `target profile "${target.name}" does not allow writes: refusing ${op.method.toUpperCase()} ${op.path}`,
    );
  }
  const redact = profileRedactor(target);
  const { request, label } = requestOf(spec, target, malformed);
  const exchange = await send(target, malformed, request, redact(label));
  const judged = judge(
    runFindings(
      {
        spec,
        op,
        label: `${op.method.toUpperCase()} ${op.path}`,
        clientErrorStatusOpen: !target.isMock,
        mockChoicesHeld: target.isMock,
        redact,
      },
      exchange.response,
    ),
    target,
  );
  recordFindings(judged);
  const violations = failingOf(judged).map((finding) => `[${finding.check}] ${finding.message}`);
  const { status, headers, body, text, bytes } = exchange.response;
  const shown = clip(text, redact);
  const answer = {
    operationId: op.operationId,
    label,
    status,
    headers,
    body,
    text,
    shown,
    bytes,
    violations,
  };
  return withExchange(answer, exchange);
}
