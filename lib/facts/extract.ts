import { DOCUMENT_EXTRACTORS } from './documents.ts';
import type { Asked, Fact, Json } from './fact.ts';
import { ORDER_EXTRACTORS } from './orders.ts';
import { PLACE_EXTRACTORS } from './places.ts';

export type { Asked, Fact } from './fact.ts';

type Extractor = (body: Json | Json[] | undefined, asked: Asked) => Fact[];

const FAMILIES = [ORDER_EXTRACTORS, PLACE_EXTRACTORS, DOCUMENT_EXTRACTORS] as Record<string, Extractor>[];

/** Each operation's extractors, from every family that reads its answers. */
const extractorsOf = (operation: string): Extractor[] =>
  FAMILIES.flatMap((family) => (family[operation] ? [family[operation]] : []));

/** Files are read as bytes, not JSON. */
const FILES = new Set(['downloadFiscalDocument']);

/**
 * The facts of one answer: only a 200 (a 206 empties fields on purpose; an error shows no resource).
 * `asked` gives the path the request named (ids a body does not repeat) and the answer's bytes.
 */
export function factsOfAnswer(
  operationId: string,
  status: number,
  body: unknown,
  asked: Asked = { path: '' },
): Fact[] {
  const extractors = extractorsOf(operationId);
  if (extractors.length === 0 || status !== 200) return [];
  const json = body !== null && typeof body === 'object' ? (body as Json | Json[]) : undefined;
  if (json === undefined && !FILES.has(operationId)) return [];
  return extractors.flatMap((extract) => extract(json, asked));
}
