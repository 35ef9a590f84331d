/**
 * MSG-CREATE-VISIBLE as a rule of the registry, about a sequence: a message its sender created appears
 * in the sender's next listing of the conversation that shows the whole of it (offset 0, every message
 * of the total; the order is not given). The created messages are read from the run's history: those
 * answered before the listing started and after the sender's last such listing.
 */
import type { Exchange } from '../exchange/exchange.ts';
import { ownUnlisted, type SentMessage } from './conversation-model.ts';
import { asked, isObject, list, onOperations, singleQuery, verdict } from './meaning-kit.ts';
import type { Rule } from './rule.ts';

/** The messages of a listing that shows the whole conversation, else undefined. */
function wholeListing(exchange: Exchange): string[] | undefined {
  if (!onOperations('listPackMessages')(exchange) || exchange.response.status !== 200) return undefined;
  const body = exchange.response.body;
  if (!isObject(body) || !Array.isArray(body.messages)) return undefined;
  const total = isObject(body.paging) ? body.paging.total : undefined;
  const offset = exchange.request.url.searchParams.has('offset') ? singleQuery(exchange, 'offset') : '0';
  if (!/^0+$/.test(offset ?? '') || typeof total !== 'number' || body.messages.length !== total)
    return undefined;
  return list(body.messages).map((message) => String(message.id));
}

/** The message an accepted send created, by its caller (the text is not needed to find it). */
function created(exchange: Exchange): SentMessage<string> | undefined {
  const { status, body } = exchange.response;
  if (!onOperations('sendPackMessage')(exchange) || status < 200 || status >= 300) return undefined;
  if (!isObject(body) || typeof body.id !== 'string' || exchange.caller === undefined) return undefined;
  return { id: body.id, from: exchange.caller, text: '' };
}

const sameConversation = (a: Exchange, b: Exchange) =>
  a.caller === b.caller && a.request.url.pathname === b.request.url.pathname;

/** The sender's messages answered before the listing started that no earlier whole listing judged. */
function pendingBefore(listing: Exchange, history: readonly Exchange[]): SentMessage<string>[] {
  let pending: { message: SentMessage<string>; endedMs: number }[] = [];
  for (const earlier of history) {
    if (!sameConversation(earlier, listing)) continue;
    const message = created(earlier);
    if (message && earlier.endedMs <= listing.startedMs) pending.push({ message, endedMs: earlier.endedMs });
    else if (wholeListing(earlier)) pending = pending.filter((p) => p.endedMs > earlier.startedMs);
  }
  return pending.map((p) => p.message);
}

export const MESSAGE_VISIBLE_RULE: Rule = {
  name: 'createdMessageListed',
  requirements: ['MSG-CREATE-VISIBLE'],
  appliesTo: (exchange) => exchange.caller !== undefined && wholeListing(exchange) !== undefined,
  judge(listing, { history }) {
    const shown = wholeListing(listing) ?? [];
    const pending = pendingBefore(listing, history);
    const unlisted = new Set(ownUnlisted(pending, listing.caller ?? '', shown));
    return pending.map((message) =>
      verdict(
        'MSG-CREATE-VISIBLE',
        `message ${message.id} in the sender's next listing ${asked(listing)} (${shown.length} messages shown)`,
        unlisted.has(message) ? 'it is not listed' : undefined,
      ),
    );
  },
};
