export type Query = Record<string, string | number | undefined>;

/**
 * The page size asked of a listing whose default page is too small to read it whole or to choose from
 * (the reference leaves default and maximum page sizes open; production's order search pages by 50).
 */
export const FULL_PAGE = 50;

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

/** What the page size logic reads of an answer: its status, and a refusal's message. */
export interface PagedAnswer {
  status: number;
  body?: unknown;
}

const messageOf = (answer: PagedAnswer) =>
  answer.body && typeof answer.body === 'object' ? (answer.body as { message?: unknown }).message : undefined;

/** A read sent as asked: the page size logic never re-enters itself through it. */
export type SendAsAsked<A extends PagedAnswer> = (query: Query, expected: number[]) => Promise<A>;

/** What the run learned of each listing's page sizes: the size last accepted, or that none is taken. */
const accepted = new Map<string, number | 'default only'>();

/** The smaller page size to ask after a 400 to `limit`: the bound named, else half (none below 1). */
function nextLimit(answer: PagedAnswer, limit: number): number | undefined {
  const named = boundNamed(messageOf(answer));
  const next = named !== undefined && named < limit ? named : Math.floor(limit / 2);
  return next >= 1 && next < limit ? next : undefined;
}

export const is2xx = (answer: PagedAnswer) => answer.status >= 200 && answer.status < 300;

/**
 * A listing read with its page size kept within what the target takes: a 400 to `limit` is retried at
 * the bound its message names, or halved, at most twice, then without `limit` (the reference does not
 * name the order search's paging parameters); what was accepted is kept for the run's next reads of `key`.
 */
export async function sendWithinBound<A extends PagedAnswer>(
  send: SendAsAsked<A>,
  key: string,
  query: Query,
  expected: number[] = [],
): Promise<A> {
  const known = accepted.get(key);
  const withoutLimit = Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'limit'));
  if (known === 'default only') return send(withoutLimit, expected);
  let limit = Math.min(Number(query.limit), known ?? Number.POSITIVE_INFINITY);
  let answer = await send({ ...query, limit }, [...expected, 400]);
  for (let retry = 0; retry < 2 && answer.status === 400; retry += 1) {
    const next = nextLimit(answer, limit);
    if (next === undefined) break;
    limit = next;
    answer = await send({ ...query, limit }, [...expected, 400]);
  }
  if (is2xx(answer)) accepted.set(key, limit);
  if (answer.status !== 400) return answer;
  const byDefault = await send(withoutLimit, expected);
  if (is2xx(byDefault)) accepted.set(key, 'default only');
  return byDefault;
}
