import { basename } from 'node:path';
import type { Location, TestInfo } from '@playwright/test';
import { test } from '@playwright/test';
import { runFindings } from '../checks/findings.ts';
import { tallyAnswer, workerPresence } from '../checks/presence.ts';
import { fieldRequirementsShown } from '../checks/requirement-of.ts';
import type { Spec } from '../checks/spec.ts';
import { failingOf, type JudgedFinding, judge, recordFindings } from '../checks/verdict.ts';
import { type Exchange, type ExchangeRequest, withExchange } from '../exchange/exchange.ts';
import { buildRequest } from '../exchange/request.ts';
import { observeAnswer } from '../facts/observe.ts';
import { recordJudgement } from '../judge/judgement.ts';
import type { TargetProfile } from '../profile/types.ts';
import { attachExchange, clip, type ExchangeEvidence } from './evidence.ts';
import type { Pace } from './pacer.ts';
import { RunOutOfWaiting, TargetRateLimited, type Wait } from './rate-limit.ts';
import { setRunPart } from './run-record.ts';
import { callTarget, type TargetCall, type TargetCallHooks } from './target-call.ts';
import { exchangeOf, type Incoming, TargetMisbehaviour } from './transport.ts';
import type { ApiResponse, Caller, CallOptions, OperationId, TypedResponse } from './types.ts';

/**
 * The named checks' judgements of one answer: each field requirement of the places a 2xx carries (or
 * the error shape of an error) held, unless a violation of it was found (broken) or the baseline knows it.
 */
export function judgeAnswer(
  operationId: string,
  status: number,
  body: unknown,
  findings: JudgedFinding[],
): void {
  const instance = `${operationId} ${status}`;
  const ids =
    status >= 400
      ? body === undefined
        ? []
        : ['GEN-ERROR-SHAPE']
      : fieldRequirementsShown(operationId, body);
  const violated = findings.filter((f) => f.level !== 'omission' || f.outcome === 'new');
  for (const finding of violated)
    recordJudgement({
      requirement: finding.requirement,
      outcome: finding.outcome === 'known' ? 'not judged' : 'broken',
      instance,
      reason: finding.outcome === 'known' ? 'a known deviation (baseline)' : finding.message,
    });
  for (const id of ids)
    if (!violated.some((f) => f.requirement === id))
      recordJudgement({ requirement: id, outcome: 'held', instance });
}

function tokenOf(profile: TargetProfile, caller: Caller): string | undefined {
  if (caller === 'anonymous') return undefined;
  if (typeof caller === 'object') return caller.token;
  return profile.users[caller].token;
}

function describeRequestBody(options: CallOptions, redact: (text: string) => string): string | undefined {
  if (options.json !== undefined) return JSON.stringify(options.json);
  if (options.raw !== undefined) return clip(options.raw.toString(), redact);
  if (!options.multipart) return undefined;
  const parts = Object.entries(options.multipart).map(([name, value]) => {
    const list = (Array.isArray(value) ? value : [value]).map((part) =>
      typeof part === 'string'
        ? JSON.stringify(part)
        : `${part.name} (${part.mimeType}, ${part.buffer.length} bytes)`,
    );
    return `${name}: ${list.join(', ')}`;
  });
  return `multipart/form-data { ${parts.join('; ')} }`;
}

/**
 * "Whether the header x-client-id is required on message creation: not shown": on a foreign target a
 * send carries it, with the application id the call already names, so a server that asks for it can
 * be judged on the rest (the mock's own answer without it is asserted on the mock).
 */
function withClientId(options: CallOptions): CallOptions {
  const application = options.query?.application_id;
  const headers = options.headers ?? {};
  if (application === undefined || Object.keys(headers).some((h) => h.toLowerCase() === 'x-client-id'))
    return options;
  return { ...options, headers: { ...headers, 'x-client-id': String(application) } };
}

/** One call, ready to send (and to send again after a 429/503). */
interface PreparedCall {
  operationId: string;
  /** `GET /orders/2000000001` with secrets redacted. */
  label: string;
  request: ExchangeRequest;
  options: CallOptions;
}

/** The profile's user a call is made as; undefined for an anonymous call or a literal token. */
function callerOf(caller: Caller): string | undefined {
  return typeof caller === 'string' && caller !== 'anonymous' ? caller : undefined;
}

/** Waits as a step of the test, so the report shows each wait and what asked for it. */
async function waitOut(wait: Wait, sleep: () => Promise<void>): Promise<void> {
  const asked = wait.retryAfter === null ? 'without Retry-After' : `with Retry-After: ${wait.retryAfter}`;
  await test.step(
    `wait ${(wait.waitedMs / 1000).toFixed(1)} s before retrying: ${wait.status} ${asked}`,
    sleep,
  );
}

/** Time spent waiting for the target's rate is not the test's: its timeout grows by it. */
export function extendTimeout(testInfo: TestInfo, ms: number): void {
  if (ms > 0 && testInfo.timeout > 0) testInfo.setTimeout(testInfo.timeout + ms);
}

/** The one retry of a read reset before any answer, as a step of the test. */
function retryStep<T>(reason: string, retry: () => Promise<T>): Promise<T> {
  return test.step(`retry once on a fresh connection: ${reason}`, retry);
}

const CONFORMANCE_PROJECTS = ['contract', 'properties', 'start', 'judge'];

/** The test of this worker that found the run's waiting budget spent first, and what it was told. */
let endedWaiting: { testId: string; error: TargetRateLimited } | undefined;

/**
 * callTarget inside a test: a call refused after the run's waiting budget was spent skips the test as
 * not verified; a misbehaviour of the target is named with the call (secrets redacted).
 */
export async function callTargetInTest(
  call: TargetCall,
  redact: (text: string) => string,
  hooks: TargetCallHooks = {},
): Promise<Incoming> {
  const info = test.info();
  // The project's own tests (self, spec, mock) call other targets: only the conformance projects' calls are the run's.
  setRunPart(
    CONFORMANCE_PROJECTS.includes(info.project.name)
      ? `${info.project.name} › ${basename(info.file)} › ${info.titlePath.slice(1).join(' › ')}`
      : undefined,
  );
  try {
    return await callTarget(call, hooks);
  } catch (error) {
    const { testId } = info;
    if (error instanceof TargetRateLimited && error.endedWaiting) endedWaiting = { testId, error };
    // The test that ended the run's waiting fails, even when a property calls again while shrinking.
    if (error instanceof RunOutOfWaiting && endedWaiting?.testId === testId) throw endedWaiting.error;
    if (error instanceof RunOutOfWaiting) test.skip(true, error.message);
    if (!(error instanceof TargetMisbehaviour)) throw error;
    throw new TargetMisbehaviour(redact(`${call.label}: ${error.message}`));
  }
}

/** The pace of a call made inside a test: the profile's rate, this worker's lane among the run's workers. */
export function workerPace(perSecond: number, testInfo: TestInfo): Pace {
  return { perSecond, lane: testInfo.parallelIndex, lanes: testInfo.config.workers };
}

function isText(headers: Record<string, string>): boolean {
  return /json|text|xml/.test(headers['content-type'] ?? '');
}

/** Calls operations of the spec on the target, attaches redacted evidence, and runs every conformance check. */
export class ApiClient {
  private readonly pace: Pace;
  private readonly location: Location;

  constructor(
    private readonly profile: TargetProfile,
    private readonly spec: Spec,
    private readonly testInfo: TestInfo,
    private readonly redact: (text: string) => string,
  ) {
    this.pace = workerPace(profile.requestsPerSecond, testInfo);
    this.location = { file: testInfo.file, line: testInfo.line, column: testInfo.column };
  }

  /** Calls an operation; the test fails at once if the answer breaks a conformance check. */
  async call<O extends string>(operationId: O, options: CallOptions = {}): Promise<ApiResponse<O>> {
    const response = await this.send(operationId, options);
    if (response.violations.length > 0) {
      throw new Error(`${response.label} does not conform:\n- ${response.violations.join('\n- ')}`);
    }
    return response;
  }

  /**
   * Calls an operation that must succeed: the answer conforms (as `call`) and is a 2xx, so its body is
   * the documented one and comes typed from the spec (lib/generated/spec-types.ts), no cast.
   */
  async success<O extends OperationId>(operationId: O, options: CallOptions = {}): Promise<TypedResponse<O>> {
    const response = await this.call(operationId, options);
    if (response.status < 200 || response.status > 299) {
      throw new Error(`${response.label} answered ${response.status}; a success was expected`);
    }
    return response as TypedResponse<O>;
  }

  /** Like call, but leaves the violations to the caller (for tests of the checks themselves). */
  async send<O extends string>(operationId: O, given: CallOptions = {}): Promise<ApiResponse<O>> {
    const op = this.spec.operation(operationId);
    const options = this.withoutSideEffects(operationId, given);
    const method = op.method.toUpperCase();
    if (method !== 'GET' && !this.profile.allowsWrites) {
      throw new Error(
        `target profile "${this.profile.name}" does not allow writes: refusing ${method} ${op.path}`,
      );
    }
    const token = tokenOf(this.profile, options.as ?? 'anonymous');
    const request = await buildRequest(this.profile.baseURL, this.spec.doc, op, { ...options, token });
    const base = this.profile.baseURL.replace(/\/+$/, '');
    const sent = request.url.href;
    const label = this.redact(`${method} ${sent.startsWith(base) ? sent.slice(base.length) : sent}`);
    const call: PreparedCall = { operationId, label, request, options };
    return test.step(
      label,
      async () => {
        const answer = await this.exchangeAll(call);
        const caller = callerOf(options.as ?? 'anonymous');
        return this.observe(operationId, label, exchangeOf(request, answer, operationId, caller));
      },
      // The test's own place: Playwright captures and source-maps a stack for a step without one, a
      // second of a worker's CPU over a run's calls.
      { location: this.location },
    );
  }

  /** Sends the call until an answer is taken (paced, a read retried after a reset, 429/503 waited out). */
  private async exchangeAll(call: PreparedCall): Promise<Incoming> {
    const { label, request } = call;
    const { method, headers, body } = request;
    return callTargetInTest(
      {
        out: { method, url: request.url.href, headers, body, timeoutMs: this.profile.timeoutMs },
        label,
        pace: this.pace,
        policy: this.profile.rateLimit,
        reuse: !this.profile.allowsWrites,
      },
      this.redact,
      {
        aroundRetry: retryStep,
        waitOut,
        held: (ms) => extendTimeout(this.testInfo, ms),
        answered: (answer, durationMs, waitedBefore) => this.attach(call, answer, durationMs, waitedBefore),
      },
    );
  }

  /** On a foreign target, reads do not mark a seller's messages as read (observed-behaviour.md). */
  private withoutSideEffects(operationId: string, options: CallOptions): CallOptions {
    if (this.profile.isMock) return options;
    if (operationId === 'sendPackMessage') return withClientId(options);
    if (operationId !== 'listPackMessages') return options;
    if (options.query && 'mark_as_read' in options.query) return options;
    return { ...options, query: { ...options.query, mark_as_read: 'false' } };
  }

  private observe<O extends string>(operationId: O, label: string, exchange: Exchange): ApiResponse<O> {
    const { bytes, headers, status, text, body } = exchange.response;
    const requestHeaders = exchange.request.headers;
    const op = this.spec.operation(operationId);
    const findings = runFindings(
      {
        spec: this.spec,
        op,
        label: `${op.method.toUpperCase()} ${op.path}`,
        clientErrorStatusOpen: !this.profile.isMock,
        mockChoicesHeld: this.profile.isMock,
        requestHeaders,
        redact: this.redact,
      },
      { status, headers, body, text },
    ).map((finding) => ({ ...finding, message: this.redact(finding.message) }));
    // A 206 empties fields by design (ORD-READ-PARTIAL): counted, it would unprotect them for every 200.
    if (status >= 200 && status < 300 && status !== 206 && body !== undefined)
      tallyAnswer(workerPresence, `${op.method.toUpperCase()} ${op.path}`, body);
    const judged = judge(findings, this.profile);
    recordFindings(judged);
    judgeAnswer(operationId, status, body, judged);
    // The run's facts and meanings are of its target: a project test's own targets (faulted mocks) are not.
    if (CONFORMANCE_PROJECTS.includes(test.info().project.name)) observeAnswer(exchange);
    const violations = failingOf(judged).map((finding) => `[${finding.check}] ${finding.message}`);
    if (status >= 300 && status < 400 && headers.location !== undefined) {
      violations.push(
        `[redirectNotFollowed] ${label} answered ${status} redirecting to ${this.redact(headers.location)}; the suite follows no redirect`,
      );
    }
    const shown = clip(text, this.redact);
    return withExchange(
      { operationId, label, status, headers, body, text, shown, bytes, violations },
      exchange,
    );
  }

  private async attach(
    call: PreparedCall,
    answer: Incoming,
    durationMs: number,
    waitedBefore: Wait[],
  ): Promise<void> {
    const redactRecord = (record: Record<string, string>) =>
      Object.fromEntries(Object.entries(record).map(([key, value]) => [key, this.redact(value)]));
    const evidence: ExchangeEvidence = {
      request: {
        method: call.request.method,
        url: this.redact(call.request.url.href),
        headers: redactRecord(call.request.headers),
        body: this.redactOptional(describeRequestBody(call.options, this.redact)),
      },
      response: {
        status: answer.status,
        headers: redactRecord(answer.headers),
        body: isText(answer.headers)
          ? clip(answer.text, this.redact)
          : `(${answer.bytes.length} bytes, binary)`,
        bytes: answer.bytes.length,
      },
      durationMs,
      ...(waitedBefore.length ? { waitedBefore } : {}),
      ...(answer.retriedAfter ? { retriedAfter: answer.retriedAfter } : {}),
    };
    const reused =
      'reusedFrom' in answer ? ` (the run's answer of ${answer.reusedFrom}, not sent again)` : '';
    await attachExchange(this.testInfo, `${answer.status} ${call.label}${reused}`, evidence);
  }

  private redactOptional(text: string | undefined): string | undefined {
    return text === undefined ? undefined : this.redact(text);
  }
}
