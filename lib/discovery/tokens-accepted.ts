import { loadSpec } from '../checks/spec.ts';
import { callTarget } from '../client/target-call.ts';
import { buildRequest } from '../exchange/request.ts';
import type { ProfileInput } from '../profile/types.ts';

/** A user's token the target refuses on the user's own order search: the run stops with this one line (exit 2). */
export class TokenRefused extends Error {
  override name = 'TokenRefused';
}

/** The two users every profile has; the others (a restricted user, a site without the API) may be refused by design. */
const PARTIES = ['seller', 'buyer'] as const;

/** A refusal of the token itself (not a limit, not an outage): 401, 403, or a 400 that names the token (malformed). */
function refusesToken(status: number, text: string): boolean {
  return status === 401 || status === 403 || (status === 400 && /token/i.test(text));
}

/** The answer's own words, the token redacted: a server may echo it ("Malformed access_token: …"). */
function errorWordsOf(body: unknown, token: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const { error, message } = body as { error?: unknown; message?: unknown };
  const words = [message, error].find((value) => typeof value === 'string' && value.length <= 80);
  return typeof words === 'string' ? ` (${token ? words.replaceAll(token, '[token]') : words})` : '';
}

/**
 * One order search per user of the profile, as that user, for the user's own orders: the reference
 * lets a buyer or seller read their orders with their token, so a 401 or 403 there means the profile's
 * token is wrong (a typo, an expired token). Without this the run would blame the target for every
 * refused call. Any other answer, or none (the reachability read judged that), lets the run go on.
 */
export async function ensureTokensAccepted(target: ProfileInput): Promise<void> {
  const spec = loadSpec();
  const search = spec.operation('searchOrders');
  for (const role of PARTIES) {
    const user = target.users[role];
    if (!user) continue;
    const request = await buildRequest(target.baseURL, spec.doc, search, {
      query: { [role]: user.id, limit: 1 },
      token: user.token,
    });
    const label = `GET ${search.path}?${role}=${user.id}&limit=1`;
    const answer = await callTarget({
      out: { method: 'GET', url: request.url.href, headers: request.headers, timeoutMs: 15_000 },
      label,
      pace: { perSecond: target.requestsPerSecond ?? 0 },
    }).catch(() => undefined); // no answer, a limit or an outage: not the token's doing
    if (answer && refusesToken(answer.status, answer.text))
      throw new TokenRefused(
        `the ${role}'s token is refused: ${label} answered ${answer.status}${errorWordsOf(answer.body, user.token)}; ` +
          `check users.${role}.token of the profile; no test was run`,
      );
  }
}
