import { expect } from '../../../../fixtures/index.ts';
import type { ApiClient } from '../../../../lib/client/client.ts';
import { errorCodeOf } from '../../../../lib/client/typed.ts';
import type { ApiResponse, FilePart } from '../../../../lib/client/types.ts';
import type { TargetProfile } from '../../../../lib/profile/types.ts';

export type FiscalCaller = 'seller' | 'buyer' | 'stranger';
type FiscalKind = 'pdf' | 'xml';

/** A document the model says the seller holds in the pack. */
interface HeldDocument {
  id: string;
  part: FilePart;
}

/** What the pack holds for its seller, and the ids deleted so far (which must stay gone). */
export interface FiscalModel {
  held: HeldDocument[];
  gone: string[];
}

export interface FiscalReal {
  api: ApiClient;
  target: TargetProfile;
  pack: number;
}

export const emptyFiscalModel = (): FiscalModel => ({ held: [], gone: [] });

const KINDS: Record<string, FiscalKind> = {
  'application/pdf': 'pdf',
  'application/xml': 'xml',
  'text/xml': 'xml',
};

/** Who may not write: the stranger is outside the pack; the buyer's writes are the mock's refusal (a gap). */
export const deniedWrite = (as: FiscalCaller): string =>
  as === 'stranger' ? 'FIS-AUTH-FORBIDDEN: a user outside the pack' : 'FIS-AUTH-BUYER-READ-ONLY: the buyer';

/** The reference's "type" of a file; undefined for a type it does not allow. */
const kindOf = (part: FilePart): FiscalKind | undefined => KINDS[part.mimeType];

const describePart = (part: FilePart) => `"${part.name}" (${part.mimeType}, ${part.buffer.length} bytes)`;

function badRequests(parts: FilePart[]): string[] {
  const reasons = parts.length > 2 ? [`FIS-ERR-TOO-MANY-FILES: ${parts.length} files in one request`] : [];
  // Two files of one type fit the 409 row and the 400 row "more than one file of a kind" alike.
  const kinds = parts.map(kindOf).filter((kind) => kind !== undefined);
  if (new Set(kinds).size < kinds.length)
    reasons.push('FIS-ERR-TOO-MANY-FILES: more than one file of a kind');
  for (const part of parts) {
    if (part.buffer.length === 0) reasons.push(`FIS-ERR-EMPTY-FILE: ${describePart(part)} is empty`);
    if (part.name === '') reasons.push(`FIS-ERR-FILENAME-EMPTY: ${describePart(part)} has no name`);
    if (!kindOf(part)) reasons.push(`FIS-ERR-TYPE: ${describePart(part)} is of a type not allowed`);
  }
  return reasons;
}

function conflicts(model: FiscalModel, parts: FilePart[]): string[] {
  const kinds = parts.map(kindOf).filter((kind) => kind !== undefined);
  const heldKinds = model.held.map((doc) => kindOf(doc.part));
  const reasons: string[] = [];
  if (new Set(kinds).size < kinds.length) reasons.push('FIS-ERR-SAME-TYPE-TWICE: two files of one type');
  if (model.held.length >= 2) reasons.push('FIS-ERR-MAX-FILES: the seller already holds two documents');
  for (const kind of new Set(kinds)) {
    if (heldKinds.includes(kind)) reasons.push(`FIS-ERR-TYPE-EXISTS: the seller already holds a ${kind}`);
  }
  return reasons;
}

/** A row of the reference that applies to a request: its status and the rule, led by its requirement id. */
export interface Row {
  status: number;
  rule: string;
}

/**
 * The rows of the reference that apply to an upload (none: it is accepted). Where two rows apply at
 * once (a bad file and a conflict; a bad file from a user outside the role) the reference does not say
 * which comes first, so any of them is accepted.
 */
export function uploadRows(model: FiscalModel, as: FiscalCaller, parts: FilePart[]): Row[] {
  const conflict = as === 'seller' ? conflicts(model, parts) : [];
  const denied = as === 'seller' ? [] : [`${deniedWrite(as)} may not upload`];
  return [
    ...denied.map((rule) => ({ status: 403, rule })),
    ...badRequests(parts).map((rule) => ({ status: 400, rule })),
    ...conflict.map((rule) => ({ status: 409, rule })),
  ];
}

/**
 * Asserts the answer meets one of the rows that apply: each row it meets is judged held by its
 * requirement; none met fails, named by the first row.
 */
export function expectRows(res: ApiResponse, rows: Row[]): void {
  const met = rows.filter((row) => row.status === res.status);
  const statuses = rows.map((row) => row.status);
  if (met.length === 0) expectStatus(res, statuses, rows.map((row) => row.rule).join('; '));
  for (const row of met) expectStatus(res, [row.status], row.rule);
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
  expect(
    allowed,
    `${why}: ${res.label} answered ${res.status} ${res.shown}; the model expects ${allowed.join(' or ')}`,
  ).toContain(res.status);
  const code = ERROR_CODES[res.status];
  if (code) expect(errorCodeOf(res), `${why}: ${res.label}: error code of a ${res.status}`).toBe(code);
}
