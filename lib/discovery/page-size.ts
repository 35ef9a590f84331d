import {
  FULL_PAGE,
  is2xx,
  type PagedAnswer,
  type Query,
  type SendAsAsked,
  sendWithinBound,
} from '../client/page-bound.ts';

/** The listings whose page size the reference leaves open, and where their elements are. */
const LISTED_IN: Record<string, 'results' | 'messages'> = {
  searchOrders: 'results',
  searchSiteItems: 'results',
  listPackMessages: 'messages',
};

/** Listings whose default page the target keeps below FULL_PAGE while it holds more. */
const smallDefaults = new Set<string>();

interface PageBody {
  paging?: { limit?: unknown; total?: unknown };
  results?: unknown;
  messages?: unknown;
}

/** A page of `listedIn` that holds fewer elements than the listing and fewer than discovery's page. */
function isSmallPage(answer: PagedAnswer, listedIn: 'results' | 'messages'): boolean {
  if (!is2xx(answer) || !answer.body || typeof answer.body !== 'object') return false;
  const body = answer.body as PageBody;
  const listed = body[listedIn];
  const count = Array.isArray(listed) ? listed.length : 0;
  const total = Number(body.paging?.total);
  return count < FULL_PAGE && Number.isFinite(total) && total > count;
}

/**
 * A read of discovery: a listing asked without `limit` whose default page is small (one element, say,
 * which the reference allows) is asked again with FULL_PAGE within the target's bound, and the
 * listing's next reads ask it at once; any other read is sent as asked.
 */
export async function readChoosingFrom<A extends PagedAnswer>(
  send: SendAsAsked<A>,
  operation: string | undefined,
  query: Query,
  expected: number[],
): Promise<A> {
  const listedIn = operation ? LISTED_IN[operation] : undefined;
  if (!operation || !listedIn || query.limit !== undefined) return send(query, expected);
  const paged = { ...query, limit: FULL_PAGE };
  if (smallDefaults.has(operation)) return sendWithinBound(send, operation, paged, expected);
  const answer = await send(query, expected);
  if (!isSmallPage(answer, listedIn)) return answer;
  smallDefaults.add(operation);
  return sendWithinBound(send, operation, paged, expected);
}
