import type { UserRole } from '../profile/types.ts';
import type { Answer, Reader } from './reader.ts';

type Query = Record<string, string | number | undefined>;

// The reference leaves the maximum page size open (Limits, gaps): a 400 to a page size is a fact of the
// target to work with. Its message may name the bound ("limit must be an integer between 1 and 12.").
const BOUND_WORDINGS = [
  /between\s+\d+\s+and\s+(\d+)/i,
  /from\s+\d+\s+to\s+(\d+)/i,
  /(?:at most|maximum(?: is| of)?|max(?:imum)?\s*[:=]?|not (?:be )?(?:greater|more) than|<=?)\s*(\d+)/i,
];

/** The largest page size a refusal's message names; undefined when it names none. */
export function boundNamed(message: unknown): number | undefined {
  const text = typeof message === 'string' ? message : '';
  for (const wording of BOUND_WORDINGS) {
    const bound = Number(wording.exec(text)?.[1]);
    if (Number.isInteger(bound) && bound >= 1) return bound;
  }
  return undefined;
}

const messageOf = (answer: Answer) =>
  answer.body && typeof answer.body === 'object' ? (answer.body as { message?: unknown }).message : undefined;

/** The page size each path was last accepted at, for this run: a bound learned is not asked again. */
const accepted = new Map<string, number>();

/** The smaller page size to ask after a 400 to `limit`: the bound named, else half (none below 1). */
function nextLimit(answer: Answer, limit: number): number | undefined {
  const named = boundNamed(messageOf(answer));
  const next = named !== undefined && named < limit ? named : Math.floor(limit / 2);
  return next >= 1 && next < limit ? next : undefined;
}

/**
 * A listing read with its page size kept within what the target takes: a 400 to `limit` is retried at
 * the bound its message names, or halved, at most twice; the size accepted is kept for the run's next reads.
 */
export async function getWithinBound(
  reader: Reader,
  path: string,
  query: Query,
  as?: UserRole,
  expected: number[] = [],
): Promise<Answer> {
  let limit = Math.min(Number(query.limit), accepted.get(path) ?? Number.POSITIVE_INFINITY);
  let answer = await reader.get(path, { ...query, limit }, as, [...expected, 400]);
  for (let retry = 0; retry < 2 && answer.status === 400; retry += 1) {
    const next = nextLimit(answer, limit);
    if (next === undefined) break;
    limit = next;
    answer = await reader.get(path, { ...query, limit }, as, expected);
  }
  if (answer.status >= 200 && answer.status < 300) accepted.set(path, limit);
  return answer;
}
