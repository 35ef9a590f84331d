/**
 * The text rules of a new message (Messages > Create): its length by sender and its character set.
 * Written once: the properties' conversation model, the contract tests, drift and traffic read them.
 */
import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import {
  type ErrorRow,
  isAccepted,
  meetsRow,
  objectOf,
  pathSegmentAfter,
  requestJsonOf,
  rowText,
} from './exchange-reading.ts';
import type { Rule } from './rule.ts';

/** MSG-CREATE-ERR-SELLER-LENGTH: a seller's text holds at most 350 characters. */
export const SELLER_MAX = 350;
/** MSG-CREATE-ERR-BUYER-LENGTH: a buyer's text holds at most 3500 characters. */
export const BUYER_MAX = 3500;

export type TextSender = 'seller' | 'buyer';

/** Each sender's limit, and the requirement that refuses a longer text. */
export const TEXT_LIMITS: Record<TextSender, { max: number; requirement: string }> = {
  seller: { max: SELLER_MAX, requirement: 'MSG-CREATE-ERR-SELLER-LENGTH' },
  buyer: { max: BUYER_MAX, requirement: 'MSG-CREATE-ERR-BUYER-LENGTH' },
};

/** A text's length in characters (code points), as the limits count it. */
export const lengthOf = (text: string): number => [...text].length;

/** Every character within ISO-8859-1. */
export const isLatin1 = (text: string): boolean => [...text].every((char) => char.codePointAt(0)! <= 0xff);

/** Characters that could be among the permitted emoticons, whose set the reference does not give. */
const MAYBE_EMOTICON = /\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f/u;

/** The characters of a text outside ISO-8859-1 that no emoticon set could hold (MSG-CREATE-ERR-CHARSET). */
export function outsideCharset(text: string): string[] {
  return [...text].filter((char) => char.codePointAt(0)! > 0xff && !MAYBE_EMOTICON.test(char));
}

/**
 * The requirement that refuses a sender's text, with the condition in words, or undefined when the
 * reference accepts it or does not say (a text beyond ISO-8859-1 that may hold emoticons; the length
 * of a text whose sender is not known).
 */
export function textRefusal(
  sender: TextSender | undefined,
  text: string,
): { requirement: string; what: string } | undefined {
  const outside = outsideCharset(text);
  if (outside.length > 0)
    return {
      requirement: 'MSG-CREATE-ERR-CHARSET',
      what: `a text with ${outside.length} characters outside ISO-8859-1 and the emoticons (${JSON.stringify(outside.slice(0, 3).join(''))})`,
    };
  if (!sender) return undefined;
  if (!sender) return undefined;
  const { max, requirement } = TEXT_LIMITS[sender];
  const length = lengthOf(text);
  if (isLatin1(text) && length > max)
    return { requirement, what: `a ${sender}'s text of ${length} characters (more than ${max})` };
  return undefined;
}

/** Who sends: the seller when from.user_id is the seller of the path (/sellers/{user_id}), else the buyer. */
export function senderOf(exchange: Exchange): TextSender | undefined {
  const from = objectOf(objectOf(requestJsonOf(exchange))?.from)?.user_id;
  if (typeof from !== 'string' && typeof from !== 'number') return undefined;
  return String(from) === pathSegmentAfter(exchange, 'sellers') ? 'seller' : 'buyer';
}

/** A refused creation: 400 for the text, or a 403 of the purchase's state or access (precedence not given). */
const REFUSED: readonly ErrorRow[] = [{ status: 400 }, { status: 403 }];

/**
 * MSG-CREATE-ERR-SELLER-LENGTH, MSG-CREATE-ERR-BUYER-LENGTH, MSG-CREATE-ERR-CHARSET on one send with a
 * token: a text the reference refuses is refused; a text at its sender's limit, accepted, holds the limit.
 */
export const MESSAGE_TEXT_RULE: Rule = {
  requirements: [TEXT_LIMITS.seller.requirement, TEXT_LIMITS.buyer.requirement, 'MSG-CREATE-ERR-CHARSET'],
  appliesTo: (exchange) => exchange.operation === 'sendPackMessage' && exchange.caller !== undefined,
  judge(exchange): Judgement[] {
    const text = objectOf(requestJsonOf(exchange))?.text;
    if (typeof text !== 'string') return [];
    const sender = senderOf(exchange);
    const refusal = textRefusal(sender, text);
    const status = exchange.response.status;
    if (refusal) {
      const held = REFUSED.some((row) => meetsRow(exchange, row));
      return [
        {
          requirement: refusal.requirement,
          outcome: held ? 'held' : 'broken',
          instance: refusal.what,
          ...(held ? {} : { reason: `answered ${status}; documented: ${REFUSED.map(rowText).join(' or ')}` }),
        },
      ];
    }
    if (!sender || !isLatin1(text) || lengthOf(text) !== TEXT_LIMITS[sender].max || !isAccepted(exchange))
      return [];
    const { max, requirement } = TEXT_LIMITS[sender];
    return [
      {
        requirement,
        outcome: 'held',
        instance: `a ${sender}'s text of ${max} characters (the limit) accepted`,
      },
    ];
  },
};
