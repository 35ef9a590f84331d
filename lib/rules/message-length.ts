/**
 * The text rules of a new message (Messages > Create) are error rows of the spec (`x-error-rows` of
 * sendPackMessage: the character set and each sender's length, bounded by its `x-limits`), judged by
 * the one error-row rule. This module asks those rows on behalf of the conversation model and traffic,
 * and gives the generators the limits; it states no condition of its own.
 */
import type { Exchange } from '../exchange/exchange.ts';
import { specRowOperations } from './error-row-data.ts';
import { callExchange } from './error-row-requests.ts';
import { rowsMet } from './error-rows.ts';

/** MSG-CREATE-ERR-SELLER-LENGTH's limit, for generators (tests/spec/rules-once.spec.ts: the spec's x-limits). */
export const SELLER_MAX = 350;
/** MSG-CREATE-ERR-BUYER-LENGTH's limit, for generators (tests/spec/rules-once.spec.ts: the spec's x-limits). */
export const BUYER_MAX = 3500;

export type TextSender = 'seller' | 'buyer';

/** Each sender's limit, and the requirement that refuses a longer text. */
export const TEXT_LIMITS: Record<TextSender, { max: number; requirement: string }> = {
  seller: { max: SELLER_MAX, requirement: 'MSG-CREATE-ERR-SELLER-LENGTH' },
  buyer: { max: BUYER_MAX, requirement: 'MSG-CREATE-ERR-BUYER-LENGTH' },
};

const SELLER_ID = '1';
const BUYER_ID = '2';

/** A send of `text` by `sender`, valid in all but its text: what the text rows are asked about. */
function sendOf(sender: TextSender, text: string): Exchange {
  const [from, to] = sender === 'seller' ? [SELLER_ID, BUYER_ID] : [BUYER_ID, SELLER_ID];
  const op = specRowOperations().get('sendPackMessage');
  if (!op) throw new Error('sendPackMessage is not in the spec');
  return callExchange(op, {
    caller: sender,
    path: { pack_id: '1', user_id: SELLER_ID },
    query: { application_id: '1' },
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ from: { user_id: from }, to: { user_id: to }, text })),
  });
}

const readsText = (row: { when?: { body?: Record<string, unknown> } }) => row.when?.body?.text !== undefined;

/**
 * The requirement of the text row that refuses a sender's text, with the text in words, or undefined
 * when no text row surely does (accepted, or a text that may hold emoticons the reference does not list).
 */
export function textRefusal(
  sender: TextSender,
  text: string,
): { requirement: string; what: string } | undefined {
  const [row] = rowsMet(sendOf(sender, text)).filter(readsText);
  return (
    row && { requirement: row.requirement, what: `a ${sender}'s text of ${[...text].length} characters` }
  );
}
