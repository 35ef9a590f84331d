import { BUYER_MAX, SELLER_MAX } from '../../lib/oracles/message-text.ts';
import type { RowOperation } from '../../lib/rules/error-row-data.ts';
import { judgeErrorRows } from '../../lib/rules/error-rows.ts';
import { judgeNoToken } from '../../lib/rules/no-token.ts';
import { asExchange } from './as-exchange.ts';
import { requestJson, responseJson } from './exchange.ts';
import { accepted, expectRows, type Judged, type Row, type RuleContext, type RuleOutcome } from './kit.ts';
import { formParts } from './multipart.ts';

// Rules one exchange shows: the request's visible condition and the error row the reference gives for it.

const FORBIDDEN: Row = { status: 403, error: 'forbidden' };
const ANY_403: Row = { status: 403 };

/**
 * The error rows of the spec (`x-error-rows`) and the no-token answer its `security` calls for, judged
 * by the one rule of lib/rules: a row added to the spec is judged here without code. Traffic's outcome
 * has no "not judged": a row answered by another row the request may also meet is left out.
 */
export function errorRowOutcomes(judged: Judged, ops?: Map<string, RowOperation>): RuleOutcome[] {
  const exchange = asExchange(judged.exchange, judged.matched.op.operationId);
  const judgements = [
    ...judgeNoToken(exchange, {}, ops).map((j) => ({ rule: 'noTokenAnswer', j })),
    ...judgeErrorRows(exchange, {}, ops).map((j) => ({ rule: 'errorRow', j })),
  ];
  return judgements
    .filter(({ j }) => j.outcome !== 'not judged')
    .map(({ rule, j }) => ({
      rule,
      requirement: j.requirement,
      exchange: judged.exchange.index,
      related: [],
      passed: j.outcome === 'held',
      message: `${judged.matched.label}: ${j.instance}${j.reason ? `; ${j.reason}` : ''}`,
    }));
}

type Json = Record<string, unknown>;

const object = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

const userId = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** Characters that could be among the permitted emoticons, whose set the reference does not give. */
const MAYBE_EMOTICON = /\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f/u;

function outsideCharset(text: string): string[] {
  return [...text].filter((char) => char.codePointAt(0)! > 0xff && !MAYBE_EMOTICON.test(char));
}

const isLatin1 = (text: string): boolean => [...text].every((char) => char.codePointAt(0)! <= 0xff);

/** The text limit of the sender: the seller when from.user_id is the seller of the path. */
export function senderLimit(
  judged: Judged,
): { who: 'seller' | 'buyer'; max: number; requirement: string } | undefined {
  const from = userId(object(object(requestJson(judged.exchange))?.from)?.user_id);
  if (from === undefined) return undefined;
  return from === judged.matched.params.user_id
    ? { who: 'seller', max: SELLER_MAX, requirement: 'MSG-CREATE-ERR-SELLER-LENGTH' }
    : { who: 'buyer', max: BUYER_MAX, requirement: 'MSG-CREATE-ERR-BUYER-LENGTH' };
}

/** A refused creation: 400 for the body's condition, or a 403 of the state of the purchase or access (precedence not given). */
const REFUSED: Row[] = [{ status: 400 }, ANY_403];

function messageBody(judged: Judged, ctx: RuleContext): RuleOutcome[] {
  if (judged.matched.op.operationId !== 'sendPackMessage' || !judged.caller) return [];
  const body = object(requestJson(judged.exchange));
  if (!body) return [];
  const out: RuleOutcome[] = [];
  const text = body.text;
  const limit = senderLimit(judged);
  if (typeof text === 'string' && limit && isLatin1(text)) {
    const length = [...text].length;
    if (length > limit.max)
      out.push(
        expectRows(
          judged,
          ctx,
          `${limit.who}TextLimit`,
          limit.requirement,
          `a ${limit.who}'s text of ${length} characters (more than ${limit.max})`,
          REFUSED,
        ),
      );
    else if (length === limit.max && accepted(judged.exchange))
      out.push({
        rule: `${limit.who}TextLimit`,
        requirement: limit.requirement,
        exchange: judged.exchange.index,
        related: [],
        passed: true,
        message: `${judged.matched.label}: a ${limit.who}'s text of ${length} characters (the limit) accepted`,
      });
  }
  if (typeof text === 'string') {
    const outside = outsideCharset(text);
    if (outside.length > 0)
      out.push(
        expectRows(
          judged,
          ctx,
          'textCharset',
          'MSG-CREATE-ERR-CHARSET',
          `a text with ${outside.length} characters outside ISO-8859-1 and the emoticons (${JSON.stringify(outside.slice(0, 3).join(''))})`,
          REFUSED,
        ),
      );
  }
  if (Array.isArray(body.attachments) && body.attachments.length > 25)
    out.push(
      expectRows(
        judged,
        ctx,
        'attachmentsPerMessage',
        'MSG-CREATE-ATTACHMENTS-MAX',
        `a message with ${body.attachments.length} attachments (more than 25)`,
        REFUSED,
      ),
    );
  const from = userId(object(body.from)?.user_id);
  const to = userId(object(body.to)?.user_id);
  if (from && to && from === to)
    out.push(
      expectRows(
        judged,
        ctx,
        'senderIsReceiver',
        'MSG-CREATE-ERR-SAME-USER',
        'sender and receiver equal',
        REFUSED,
      ),
    );
  return out;
}

/** The answer names the blocked conversation: its code is the reference's conversation_blocked. */
function blockedConversation(judged: Judged, ctx: RuleContext): RuleOutcome[] {
  if (judged.matched.op.operationId !== 'sendPackMessage' || judged.exchange.status !== 403) return [];
  const body = object(responseJson(judged.exchange));
  const cause = Array.isArray(body?.cause) ? JSON.stringify(body?.cause) : '';
  const named =
    body?.message === 'blocked_conversation_send_message_forbidden' ||
    cause.includes('blocked_by_cancelled_order');
  if (!named) return [];
  return [
    expectRows(
      judged,
      ctx,
      'blockedConversationCode',
      'MSG-CREATE-ERR-BLOCKED',
      'refused as a blocked conversation (its message or cause says so)',
      [
        {
          status: 403,
          error: 'conversation_blocked',
          message: 'blocked_conversation_send_message_forbidden',
        },
      ],
    ),
  ];
}

const FISCAL_TYPES = ['application/pdf', 'application/xml', 'text/xml'];
const BAD_REQUEST: Row = { status: 400, error: 'bad_request' };
const CONFLICT: Row = { status: 409, error: 'conflict' };

interface Condition {
  rule: string;
  requirement: string;
  what: string;
  rows: Row[];
}

/** The visible 400/409 conditions of a fiscal upload ([] for a clean one); undefined when its parts cannot be read. */
export function uploadConditions(judged: Judged): Condition[] | undefined {
  const { exchange } = judged;
  const parts = formParts(exchange.requestHeaders['content-type'], exchange.requestBody);
  if (!parts) return undefined;
  const files = parts.filter((p) => p.name === 'fiscal_document' && p.filename !== undefined);
  const found: Condition[] = [];
  const add = (rule: string, requirement: string, what: string, rows: Row[] = [BAD_REQUEST]) =>
    found.push({ rule, requirement, what, rows });
  if (files.length === 0) add('fiscalFileMissing', 'FIS-ERR-MISSING-FILE', 'no file in fiscal_document');
  if (files.some((f) => f.size === 0)) add('fiscalFileEmpty', 'FIS-ERR-EMPTY-FILE', 'an empty file');
  const types = files.map((f) => f.contentType ?? '');
  const other = types.filter((t) => !FISCAL_TYPES.includes(t));
  if (other.length)
    add('fiscalFileType', 'FIS-ERR-TYPE', `file type ${other.join(', ') || '(none)'} not allowed`);
  if (files.length > 2)
    add('fiscalTooManyFiles', 'FIS-ERR-TOO-MANY-FILES', `${files.length} files in one request`);
  if (files.some((f) => f.filename === ''))
    add('fiscalFileName', 'FIS-ERR-FILENAME-EMPTY', 'a file with an empty name');
  if (files.length === 2 && types[0] === types[1] && !other.length)
    // The 409 row "two files of the same type in one request" and the 400 row "more than one file of a kind" both fit.
    add('fiscalSameTypeTwice', 'FIS-ERR-SAME-TYPE-TWICE', `two files of type ${types[0]}`, [
      CONFLICT,
      BAD_REQUEST,
    ]);
  return found;
}

function fiscalUpload(judged: Judged, ctx: RuleContext): RuleOutcome[] {
  if (judged.matched.op.operationId !== 'uploadFiscalDocuments' || !judged.caller) return [];
  const conditions = uploadConditions(judged) ?? [];
  const rows = [...conditions.flatMap((c) => c.rows), FORBIDDEN];
  return conditions.map((c) => expectRows(judged, ctx, c.rule, c.requirement, c.what, rows));
}

/** Every rule a single exchange shows. */
export function requestRules(judged: Judged, ctx: RuleContext): RuleOutcome[] {
  return [
    ...errorRowOutcomes(judged),
    ...[messageBody, blockedConversation, fiscalUpload].flatMap((rule) => rule(judged, ctx)),
  ];
}
