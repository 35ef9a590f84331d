import { loadSpec } from '../checks/spec.ts';
import { callTarget } from '../client/target-call.ts';
import { buildRequest, type RequestArguments } from '../exchange/request.ts';
import { shownBaseURL } from '../profile/load.ts';
import type { ProfileInput } from '../profile/types.ts';

/**
 * A base URL the API is not under (a path prefix the server does not have, a web page's address): it
 * answers, but no documented read is answered as the API answers. The run stops with this one line
 * (exit 2) rather than running every test to blame the server.
 */
export class NotTheAPI extends Error {
  override name = 'NotTheAPI';
}

/** How one documented read was answered, as evidence that the base URL points at the API or not. */
type Heard = 'api' | '404' | 'html' | 'shapeless' | 'undecided';

interface Read {
  operationId: string;
  label: string;
  args: RequestArguments;
  /** Whether a 2xx JSON body is shaped like the operation's documented answer. */
  shaped: (body: unknown) => boolean;
}

const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

/** The API's error answer: an object naming the error or its message (`{message, error, status, cause}`). */
const isErrorAnswer = (body: unknown) =>
  isObject(body) && (typeof body.error === 'string' || typeof body.message === 'string');

/** Three cheap documented reads: the seller's own status, the countries (anonymous), the buyer's own orders. */
function readsOf(target: ProfileInput): Read[] {
  const { seller, buyer } = target.users;
  return [
    {
      operationId: 'getUserStatus',
      label: `GET /users/${seller.id}?attributes=status`,
      args: { path: { user_id: seller.id }, query: { attributes: 'status' }, token: seller.token },
      shaped: (body) => isObject(body) && 'id' in body,
    },
    {
      operationId: 'listCountries',
      label: 'GET /classified_locations/countries',
      args: {},
      shaped: (body) => Array.isArray(body),
    },
    {
      operationId: 'searchOrders',
      label: `GET /orders/search?buyer=${buyer.id}&limit=1`,
      args: { query: { buyer: buyer.id, limit: 1 }, token: buyer.token },
      shaped: (body) => isObject(body) && Array.isArray(body.results),
    },
  ];
}

/**
 * 404 is evidence only of a wrong path; HTML, or a body shaped like no answer of the operation, of a
 * server that is not the API. A redirect, a limit, an outage, an empty body or no answer says nothing
 * either way (undecided): the suite judges those.
 */
function heard(
  status: number,
  headers: Record<string, string>,
  text: string,
  body: unknown,
  read: Read,
): Heard {
  if (status === 404) return '404';
  if (status < 200 || (status >= 300 && status < 400) || status === 429 || status >= 500) return 'undecided';
  if (/html/i.test(headers['content-type'] ?? '') || /^\s*<(!doctype|html)/i.test(text)) return 'html';
  if (text.trim() === '') return 'undecided';
  if (status < 300) return read.shaped(body) ? 'api' : 'shapeless';
  return isErrorAnswer(body) ? 'api' : 'shapeless';
}

/** The one line naming the likely cause, when every read gave evidence against the base URL. */
function cause(target: ProfileInput, heardAll: Heard[], labels: string[]): string {
  const base = shownBaseURL(target);
  const reads = labels.join(', ');
  if (heardAll.every((h) => h === '404'))
    return `every documented read answered 404 (${reads}): is the base URL's path right? ${base} is where the suite expects /orders/search, /users/{id}…; no test was run`;
  if (heardAll.every((h) => h === 'html'))
    return `every documented read answered an HTML page (${reads}): is ${base} the API's base URL, not a web page's? no test was run`;
  return `no documented read answered as the API does (${reads}: ${heardAll.join(', ')}): is the base URL ${base} right? no test was run`;
}

/**
 * A few documented reads; when none of them is answered as the API answers (all 404, HTML, or bodies
 * shaped like no operation's answer) throws NotTheAPI. One read answered like the API, or one left
 * undecided (429, 5xx, no answer), lets the run go on: a real server answers some 404s among others.
 */
export async function ensureDocumentedReadsAnswered(target: ProfileInput): Promise<void> {
  const spec = loadSpec();
  const found: Heard[] = [];
  const reads = readsOf(target);
  for (const read of reads) {
    const request = await buildRequest(target.baseURL, spec.doc, spec.operation(read.operationId), read.args);
    const answer = await callTarget({
      out: { method: 'GET', url: request.url.href, headers: request.headers, timeoutMs: 15_000 },
      label: read.label,
      pace: { perSecond: target.requestsPerSecond ?? 0 },
    }).catch(() => undefined);
    const kind = answer ? heard(answer.status, answer.headers, answer.text, answer.body, read) : 'undecided';
    if (kind === 'api' || kind === 'undecided') return;
    found.push(kind);
  }
  throw new NotTheAPI(
    cause(
      target,
      found,
      reads.map((read) => read.label),
    ),
  );
}
