import { FISCAL_UPLOAD_RULE } from '../../lib/rules/fiscal-model.ts';
import { MESSAGE_TEXT_RULE, TEXT_LIMITS, type TextSender } from '../../lib/rules/message-length.ts';
import { formParts } from '../../lib/rules/multipart.ts';
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

const FORBIDDEN: Row = { status: 403, error: 'forbidden' };
const ANY_403: Row = { status: 403 };
const GRANT: Row = { status: 403, error: 'access_token_not_granted' };

/** No token, per operation: the requirement and the row (Authentication 3; the error tables). */
const NO_TOKEN: Record<string, { requirement: string; rows: Row[] }> = {
  sendPackMessage: {
    requirement: 'MSG-CREATE-ERR-NO-TOKEN',
    rows: [{ status: 400, message: 'Access token is required' }],
  },
  listPackMessages: { requirement: 'MSG-AUTH-NO-TOKEN', rows: [GRANT] },
  getMessage: { requirement: 'MSG-AUTH-NO-TOKEN', rows: [GRANT] },
  uploadAttachment: { requirement: 'ATT-AUTH-NO-TOKEN', rows: [GRANT] },
  downloadAttachment: { requirement: 'ATT-AUTH-NO-TOKEN', rows: [GRANT] },
  uploadFiscalDocuments: { requirement: 'FIS-AUTH-NO-TOKEN', rows: [GRANT] },
  listFiscalDocuments: { requirement: 'FIS-AUTH-NO-TOKEN', rows: [GRANT] },
  downloadFiscalDocument: { requirement: 'FIS-AUTH-NO-TOKEN', rows: [GRANT] },
  deleteFiscalDocuments: { requirement: 'FIS-AUTH-NO-TOKEN', rows: [GRANT] },
  getShippingOptions: { requirement: 'AUTH-NO-TOKEN-403', rows: [GRANT] },
  getShipment: { requirement: 'SHP-AUTH-NO-TOKEN', rows: [GRANT] },
  getShipmentLeadTime: { requirement: 'SHP-AUTH-NO-TOKEN', rows: [GRANT] },
  getUserStatus: { requirement: 'USR-STATUS-NO-TOKEN', rows: [GRANT] },
  // The order resource gives the code, not the status; search may answer either code of Authentication 3.
  getOrder: {
    requirement: 'ORD-ERR-NOT-IDENTIFIED-USER',
    rows: [{ status: 403, statusIsGap: true, error: 'not_identified_user' }],
  },
  getOrderProduct: {
    requirement: 'ORD-ERR-NOT-IDENTIFIED-USER',
    rows: [{ status: 403, statusIsGap: true, error: 'not_identified_user' }],
  },
  getOrderDiscounts: {
    requirement: 'ORD-ERR-NOT-IDENTIFIED-USER',
    rows: [{ status: 403, statusIsGap: true, error: 'not_identified_user' }],
  },
  searchOrders: {
    requirement: 'ORD-ERR-NOT-IDENTIFIED-USER',
    rows: [
      { status: 403, statusIsGap: true, error: 'not_identified_user' },
      { status: 403, error: 'access_token_not_granted' },
    ],
  },
};

function noToken(judged: Judged, ctx: RuleContext): RuleOutcome[] {
  const entry = NO_TOKEN[judged.matched.op.operationId];
  if (!entry || judged.caller || judged.exchange.request.headers.cookie) return [];
  const query = judged.exchange.request.url.searchParams;
  const others: Row[] = [];
  // Both are missing: which of the two 400s comes first is not given.
  if (judged.matched.op.operationId === 'sendPackMessage' && !query.get('application_id'))
    others.push({ status: 400, message: 'Application id is required' });
  if (judged.matched.op.operationId.endsWith('Attachment') && !query.get('site_id'))
    others.push({ status: 400 });
  return [
    expectRows(judged, ctx, 'noTokenAnswer', entry.requirement, 'sent without a token', [
      ...entry.rows,
      ...others,
    ]),
  ];
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

const ATTACHMENT_MAX_BYTES = 26_214_400; // the larger reading of 25 MB; 25,000,000 is the other
const ATTACHMENT_REFUSED: Row[] = [{ status: 400 }, ANY_403, { status: 500 }];

function attachmentUpload(judged: Judged, ctx: RuleContext): RuleOutcome[] {
  if (judged.matched.op.operationId !== 'uploadAttachment' || !judged.caller) return [];
  const { exchange } = judged;
  const out: RuleOutcome[] = [];
  if (!exchange.request.url.searchParams.get('site_id'))
    out.push(
      expectRows(
        judged,
        ctx,
        'attachmentSiteId',
        'ATT-ERR-SITE-ID-MISSING',
        'sent without the query parameter site_id',
        [{ status: 400 }, ANY_403],
      ),
    );
  const files =
    formParts(exchange.request.headers['content-type'], exchange.request.body)?.filter(
      (p) => p.filename !== undefined,
    ) ?? [];
  for (const file of files) {
    if (file.size === 0)
      out.push(
        expectRows(
          judged,
          ctx,
          'attachmentEmpty',
          'ATT-ERR-EMPTY',
          'an empty attachment',
          ATTACHMENT_REFUSED,
        ),
      );
    else if (file.size > ATTACHMENT_MAX_BYTES && !exchange.request.bodyLossy)
      out.push(
        expectRows(
          judged,
          ctx,
          'attachmentSize',
          'ATT-ERR-TOO-LARGE',
          `an attachment of ${file.size} bytes (more than 25 MB under either reading)`,
          ATTACHMENT_REFUSED,
        ),
      );
    if (/[/\\]/.test(file.filename ?? ''))
      out.push(
        expectRows(
          judged,
          ctx,
          'attachmentName',
          'ATT-ERR-NAME-SLASH',
          'a file name with / or a backslash',
          ATTACHMENT_REFUSED,
        ),
      );
  }
  return out;
}

const BAD_REQUEST: Row = { status: 400, error: 'bad_request' };

function packId(judged: Judged, ctx: RuleContext): RuleOutcome[] {
  const id = judged.matched.params.pack_id;
  if (id === undefined || !judged.caller || !judged.matched.op.operationId.match(/FiscalDocument/)) return [];
  if (!/^-?\d+$/.test(id))
    return [
      expectRows(
        judged,
        ctx,
        'fiscalPackId',
        'FIS-ERR-PACK-ID-NONNUMERIC',
        `pack id ${JSON.stringify(id)} not numeric`,
        [BAD_REQUEST, FORBIDDEN],
      ),
    ];
  if (Number(id) <= 0)
    return [
      expectRows(
        judged,
        ctx,
        'fiscalPackId',
        'FIS-ERR-PACK-ID-NOT-POSITIVE',
        `pack id ${id} not greater than 0`,
        [BAD_REQUEST, FORBIDDEN],
      ),
    ];
  return [];
}

/** The fiscal upload's own conditions: judged by the registry's rule (lib/rules/fiscal-model.ts FISCAL_UPLOAD_RULE). */
function fiscalUpload(judged: Judged): RuleOutcome[] {
  return ruleOutcomes(judged, FISCAL_UPLOAD_RULE, checkName);
}

/** Every rule a single exchange shows. */
export function requestRules(judged: Judged, ctx: RuleContext): RuleOutcome[] {
  return [
    noToken,
    messageText,
    messageBody,
    blockedConversation,
    attachmentUpload,
    packId,
    fiscalUpload,
  ].flatMap((rule) => rule(judged, ctx));
}
