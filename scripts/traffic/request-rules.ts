import type { Exchange } from '../../lib/exchange/exchange.ts';
import type { RowOperation } from '../../lib/rules/error-row-data.ts';
import { errorRowRule } from '../../lib/rules/error-rows.ts';
import { noTokenRule } from '../../lib/rules/no-token.ts';
import { allRules } from '../../lib/rules/registry.ts';
import type { Rule } from '../../lib/rules/rule.ts';
import { type Judged, outcomeOf, type RuleOutcome } from './kit.ts';

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

/** Every rule a single exchange shows, with the traffic's earlier exchanges for the rules about a sequence. */
export function requestRules(judged: Judged, history: readonly Exchange[]): RuleOutcome[] {
  return registryOutcomes(judged, history);
}
