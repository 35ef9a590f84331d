import type { RowOperation } from '../../lib/rules/error-row-data.ts';
import { judgeErrorRows } from '../../lib/rules/error-rows.ts';
import { FISCAL_UPLOAD_RULE } from '../../lib/rules/fiscal-model.ts';
import { MESSAGE_TEXT_RULE, TEXT_LIMITS, type TextSender } from '../../lib/rules/message-length.ts';
import { judgeNoToken } from '../../lib/rules/no-token.ts';
import { requestJson, responseJson } from './exchange.ts';
import {
  expectRows,
  type Judged,
  type Row,
  type RuleContext,
  type RuleOutcome,
  ruleOutcomes,
} from './kit.ts';

// Rules one exchange shows: the request's visible condition and the error row the reference gives for it.

const ANY_403: Row = { status: 403 };
/**
 * The error rows of the spec (`x-error-rows`) and the no-token answer its `security` calls for, judged
 * by the one rule of lib/rules: a row added to the spec is judged here without code. Traffic's outcome
 * has no "not judged": a row answered by another row the request may also meet is left out.
 */
export function errorRowOutcomes(judged: Judged, ops?: Map<string, RowOperation>): RuleOutcome[] {
  const exchange = { ...judged.exchange, operation: judged.matched.op.operationId };
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

/** The text limit of the sender: the seller when from.user_id is the seller of the path. */
export function senderLimit(
  judged: Judged,
): { who: TextSender; max: number; requirement: string } | undefined {
  const from = userId(object(object(requestJson(judged.exchange))?.from)?.user_id);
  if (from === undefined) return undefined;
  const who: TextSender = from === judged.matched.params.user_id ? 'seller' : 'buyer';
  return { who, ...TEXT_LIMITS[who] };
}

/** A refused creation: 400 for the body's condition, or a 403 of the state of the purchase or access (precedence not given). */
const REFUSED: Row[] = [{ status: 400 }, ANY_403];

/** The check names (findings, baseline) of the rules of lib/rules traffic judges with. */
const CHECK_NAMES: Record<string, string> = {
  'MSG-CREATE-ERR-SELLER-LENGTH': 'sellerTextLimit',
  'MSG-CREATE-ERR-BUYER-LENGTH': 'buyerTextLimit',
  'MSG-CREATE-ERR-CHARSET': 'textCharset',
  'FIS-ERR-MISSING-FILE': 'fiscalFileMissing',
  'FIS-ERR-EMPTY-FILE': 'fiscalFileEmpty',
  'FIS-ERR-TYPE': 'fiscalFileType',
  'FIS-ERR-TOO-MANY-FILES': 'fiscalTooManyFiles',
  'FIS-ERR-FILENAME-EMPTY': 'fiscalFileName',
  'FIS-ERR-SAME-TYPE-TWICE': 'fiscalSameTypeTwice',
};
const checkName = (requirement: string): string => CHECK_NAMES[requirement] ?? requirement;

/**
 * MSG-CREATE-ERR-SELLER-LENGTH, MSG-CREATE-ERR-BUYER-LENGTH, MSG-CREATE-ERR-CHARSET: judged by the
 * registry's rule (lib/rules/message-length.ts MESSAGE_TEXT_RULE).
 */
function messageText(judged: Judged): RuleOutcome[] {
  return ruleOutcomes(judged, MESSAGE_TEXT_RULE, checkName);
}

function messageBody(judged: Judged, ctx: RuleContext): RuleOutcome[] {
  if (judged.matched.op.operationId !== 'sendPackMessage' || !judged.caller) return [];
  const body = object(requestJson(judged.exchange));
  if (!body) return [];
  const out: RuleOutcome[] = [];
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
  if (judged.matched.op.operationId !== 'sendPackMessage' || judged.exchange.response.status !== 403)
    return [];
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

/** The fiscal upload's own conditions: judged by the registry's rule (lib/rules/fiscal-model.ts FISCAL_UPLOAD_RULE). */
function fiscalUpload(judged: Judged): RuleOutcome[] {
  return ruleOutcomes(judged, FISCAL_UPLOAD_RULE, checkName);
}

/** Every rule a single exchange shows. */
export function requestRules(judged: Judged, ctx: RuleContext): RuleOutcome[] {
  return [
    ...errorRowOutcomes(judged),
    ...[messageText, messageBody, blockedConversation, fiscalUpload].flatMap((rule) => rule(judged, ctx)),
  ];
}
