/**
 * One conversation of a pack, as a model: how many messages each party sees, the messages sent, and
 * the rules each send, page and walk of the listing is judged by (Messages). The properties drive it
 * (tests/properties/models/conversation) and the registry's MESSAGE_VISIBLE_RULE reads a run's
 * history through it: the rule is written here once.
 */
import { type TextSender, textRefusal } from './message-length.ts';

export type Party = TextSender;
export type Sender = Party | 'stranger';

export interface SentMessage<P extends string = Party> {
  id: string;
  from: P;
  text: string;
}

/**
 * How many messages each party sees, and the messages this run sent. A long-running target keeps
 * earlier messages, so the totals start from the listing at the start of the run.
 */
export interface ConversationModel {
  /** The listing's paging.total for the party, as far as the model knows it (messages it surely counts). */
  total: Record<Party, number>;
  /**
   * Messages sent in the run the party may not see, or its total may not count, yet: moderation can
   * hold a new message for a while (the reference names a message "available" once it passed
   * moderation, never how soon), and whether the counterpart ever sees it is moderation's to say. A
   * sender's own message leaves this set once the sender's listing shows it. Always empty on the mock.
   */
  pending: Record<Party, Set<string>>;
  /**
   * Messages paging.total counts that the party does not see (moderated messages of the counterpart):
   * whether the total counts them is not stated. Found at the start of the run; always 0 on the mock.
   */
  hidden: Record<Party, number>;
  sent: SentMessage[];
}

/** The answer a send calls for: refused (403 off the order, 400 for the text) or created. */
export function sendExpectation(
  as: Sender,
  text: string,
): { status: number[]; requirement: string; what: string } {
  if (as === 'stranger')
    return { status: [403], requirement: 'MSG-CREATE-ERR-SENDER-ACCESS', what: 'a sender outside the order' };
  const refusal = textRefusal(as, text);
  if (refusal) return { status: [400], ...refusal };
  return { status: [200, 201], requirement: 'MSG-CREATE-BODY', what: 'creates the message' };
}

/**
 * A message created: the mock moderates nothing, so both parties count it at once; elsewhere it is
 * pending for both until the sender's listing shows it (`moderated`).
 */
export function messageSent(model: ConversationModel, message: SentMessage, moderated: boolean): void {
  model.sent.push(message);
  const other: Party = message.from === 'seller' ? 'buyer' : 'seller';
  for (const party of [message.from, other]) {
    if (moderated) model.pending[party].add(message.id);
    else model.total[party] += 1;
  }
}

/** MSG-CREATE-VISIBLE: the sender's messages its whole listing does not show. */
export function ownUnlisted<P extends string>(
  sent: readonly SentMessage<P>[],
  sender: P,
  listed: ReadonlySet<string> | readonly string[],
): SentMessage<P>[] {
  const shown = new Set(listed);
  return sent.filter((message) => message.from === sender && !shown.has(message.id));
}

/** Once its sender sees it, a pending message counts for good in the sender's total. */
export function seenBySender(model: ConversationModel, party: Party, listed: readonly string[]): void {
  for (const message of model.sent)
    if (message.from === party && listed.includes(message.id) && model.pending[party].delete(message.id))
      model.total[party] += 1;
}

/**
 * MSG-LIST-PAGING over a whole walk of the party's listing: how many messages the pages may hold
 * (those it surely sees, up to those pending besides).
 */
export function walkBounds(model: ConversationModel, party: Party): { least: number; most: number } {
  const visible = model.total[party] - model.hidden[party];
  return { least: visible, most: visible + model.pending[party].size };
}

/** MSG-LIST-PAGING for one page: the offset asked, and what total and how many messages it may show. */
export function pageExpectation(
  model: ConversationModel,
  party: Party,
  limit: number,
  back: number,
): { offset: number; total: { least: number; most: number }; held: { most: number; exactly: number } } {
  const total = model.total[party];
  const offset = Math.max(0, total - back);
  return {
    offset,
    total: { least: total, most: total + model.pending[party].size },
    held: { most: limit, exactly: Math.min(limit, total - offset) },
  };
}
