import type { Exchange } from '../../lib/exchange/exchange.ts';
import type { RowOperation } from '../../lib/rules/error-row-data.ts';
import { errorRowRule } from '../../lib/rules/error-rows.ts';
import { TEXT_LIMITS, type TextSender } from '../../lib/rules/message-length.ts';
import { noTokenRule } from '../../lib/rules/no-token.ts';
import { allRules } from '../../lib/rules/registry.ts';
import type { Rule } from '../../lib/rules/rule.ts';
import { requestJson, responseJson } from './exchange.ts';
import { expectRows, type Judged, outcomeOf, type RuleContext, type RuleOutcome } from './kit.ts';

// Rules one exchange shows: the request's visible condition and the error row the reference gives for it.

/**
 * The error rows of the spec (`x-error-rows`) and the no-token answer its `security` calls for, judged
 * by the one rule of lib/rules: a row added to the spec is judged here without code. A row answered as
 * another row the request may also meet is "not judged", with its reason.
 */
export function errorRowOutcomes(judged: Judged, ops?: Map<string, RowOperation>): RuleOutcome[] {
  const source = ops && (() => ops);
  return registryOutcomes(judged, [], [noTokenRule(source), errorRowRule(source)]);
}

/**
 * Every rule of the registry (lib/rules) on one exchange, with the traffic's earlier exchanges for the
 * rules about a sequence: held, broken, or not judged with its reason.
 */
export function registryOutcomes(
  judged: Judged,
  history: readonly Exchange[],
  rules: readonly Rule[] = allRules(),
): RuleOutcome[] {
  const exchange = exchangeOf(judged);
  return rules
    .filter((rule) => rule.appliesTo(exchange))
    .flatMap((rule) => rule.judge(exchange, { history }).map((j) => outcomeOf(judged, rule, j)));
}

/** The exchange as the registry's rules read it: its operation and its caller (a digest of its token). */
export const exchangeOf = (judged: Judged): Exchange => ({
  ...judged.exchange,
  operation: judged.matched.op.operationId,
  caller: judged.caller,
});

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

/** Every rule a single exchange shows. */
export function requestRules(judged: Judged, ctx: RuleContext, history: readonly Exchange[]): RuleOutcome[] {
  return [...registryOutcomes(judged, history), ...blockedConversation(judged, ctx)];
}
