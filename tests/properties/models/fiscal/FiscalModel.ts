import { expectHot } from '../../../../fixtures/index.ts';
import type { ApiClient } from '../../../../lib/client/client.ts';
import { errorCodeOf } from '../../../../lib/client/typed.ts';
import type { ApiResponse, FilePart } from '../../../../lib/client/types.ts';
import type { TargetProfile } from '../../../../lib/profile/types.ts';
import type { FiscalFile, FiscalRow, FiscalModel as Model } from '../../../../lib/rules/fiscal-model.ts';

// The model and its rules live in lib/rules/fiscal-model.ts; this file drives the target and asserts.

/** A file the model holds, with the bytes sent (a download must answer them). */
export interface SentFile extends FiscalFile {
  bytes: Buffer;
}

export type FiscalModel = Model<SentFile>;

export interface FiscalReal {
  api: ApiClient;
  target: TargetProfile;
  pack: number;
}

/** A part of the upload as the model reads it. */
export const fileOf = (part: FilePart): SentFile => ({
  name: part.name,
  type: part.mimeType,
  size: part.buffer.length,
  bytes: part.buffer,
});

/** A row's words, led by its requirement id (a judgement of that requirement). */
const ruleOf = (row: FiscalRow): string => `${row.requirement}: ${row.what}`;

/**
 * Asserts the answer meets one of the rows that apply: each row it meets is judged held by its
 * requirement; none met fails, named by the first row.
 */
export function expectRows(res: ApiResponse, rows: FiscalRow[]): void {
  const met = rows.filter((row) => row.status === res.status);
  const statuses = [...new Set(rows.map((row) => row.status))];
  if (met.length === 0) expectStatus(res, statuses, rows.map(ruleOf).join('; '));
  for (const row of met) expectStatus(res, [row.status], ruleOf(row));
}

const ERROR_CODES: Record<number, string> = {
  400: 'bad_request',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
};

/**
 * Asserts the status is one the model allows and, for an error, the reference's error code for it:
 * judged as the requirement `why` starts with ("FIS-ERR-DELETE-NOTHING: nothing is attached").
 */
export function expectStatus(res: ApiResponse, allowed: number[], why: string): void {
  expectHot(
    allowed,
    `${why}: ${res.label} answered ${res.status} ${res.shown}; the model expects ${allowed.join(' or ')}`,
  ).toContain(res.status);
  const code = ERROR_CODES[res.status];
  if (code) expectHot(errorCodeOf(res), `${why}: ${res.label}: error code of a ${res.status}`).toBe(code);
}
