import { expect } from '@playwright/test';

import type { TargetProfile } from '../profile/types.ts';

export interface ExpectedError {
  /** The HTTP status the reference (or, with statusIsGap, the mock) gives. */
  status: number;
  /** The `error` code of the body, when the reference names one. */
  error?: string;
  /** The message, or a pattern of it, when the reference (or the mock's observed text) fixes it. */
  message?: string | RegExp;
  /** The reference gives the error code but not the status: assert the exact status only on the mock. */
  statusIsGap?: boolean;
  /** The message is observed behaviour, not the reference's: assert it only on the mock. */
  messageIsGap?: boolean;
  /**
   * Other rows of the reference that apply to the same request (e.g. ownership and site availability,
   * whose order the reference does not give): a foreign target may answer any of them; the mock the first.
   */
  orElse?: readonly Omit<ExpectedError, 'orElse'>[];
}

/** What expectError reads of an answer (from the API client or the mock harness). */
interface ErrorAnswer {
  status: number;
  body: unknown;
  text: string;
  label?: string;
  /** The body with secrets redacted, when the answer has it: failure messages quote it instead of text. */
  shown?: string;
}

type ErrorBody = { error?: unknown; message?: unknown };

/** How the answer differs from one expected row on this target, or undefined when it matches. */
export function mismatch(
  res: ErrorAnswer,
  expected: ExpectedError,
  target: TargetProfile,
): string | undefined {
  const body = (res.body ?? {}) as ErrorBody;
  if (expected.statusIsGap && !target.isMock) {
    if (res.status < 400 || res.status >= 500) return `status ${res.status}; expected a client error (4xx)`;
  } else if (res.status !== expected.status) return `status ${res.status}; expected ${expected.status}`;
  if (expected.error !== undefined && body.error !== expected.error)
    return `error ${JSON.stringify(body.error)}; expected ${JSON.stringify(expected.error)}`;
  if (expected.message === undefined || (expected.messageIsGap && !target.isMock)) return undefined;
  const matches =
    typeof expected.message === 'string'
      ? body.message === expected.message
      : expected.message.test(String(body.message));
  return matches
    ? undefined
    : `message ${JSON.stringify(body.message)}; expected ${String(expected.message)}`;
}

/**
 * Asserts an error answer: status, error code and message, each only where the reference fixes it for
 * this target. With `requirement`, the assertion is a judgement of it on this answer.
 */
export function expectError(
  res: ErrorAnswer,
  expected: ExpectedError,
  target: TargetProfile,
  requirement?: string,
): void {
  const answer = `${res.label ?? 'answer'} → ${res.status} ${(res.shown ?? res.text).slice(0, 300)}`;
  const what = requirement ? `${requirement}: ${answer}` : answer;
  const rows = target.isMock ? [expected] : [expected, ...(expected.orElse ?? [])];
  const misses = rows.map((row) => mismatch(res, row, target));
  // Asserted when a row matches too: a passing test citing one requirement judges it on this answer.
  const failed = misses.some((miss) => miss === undefined) ? '' : misses.join(' | or | ');
  expect(failed, `${what}: no documented row matches`).toBe('');
}

/**
 * Asserts that downloaded bytes are a whole file of the type the listing states: a PDF from `%PDF-`
 * to `%%EOF`, an XML document from `<` to `>`. Catches on a read-only target a download that was
 * altered, re-encoded or cut short, without knowing the uploaded original.
 */
export function expectFileOfType(bytes: Buffer, fileType: string, label: string): void {
  const text = bytes.toString('latin1');
  if (fileType === 'application/pdf') {
    expect(text.startsWith('%PDF-'), `${label}: a PDF starts with %PDF-`).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF'), `${label}: a whole PDF ends with %%EOF`).toBe(true);
    return;
  }
  const xml = text.replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trim();
  expect(xml.startsWith('<'), `${label}: an XML document starts with <`).toBe(true);
  expect(xml.endsWith('>'), `${label}: a whole XML document ends with >`).toBe(true);
}
