import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import { CATEGORY_RULES } from './category-exchanges.ts';
import { ECHO_RULES } from './echo-rules.ts';
import { ERROR_ROWS } from './error-rows.ts';
import { FISCAL_SEQUENCE_RULES } from './fiscal-sequence-rules.ts';
import { LOCATION_RANGE_RULE } from './location-range-rule.ts';
import { MEANING_RULES } from './meanings.ts';
import { MESSAGE_VISIBLE_RULE } from './message-visible-rule.ts';
import { NO_TOKEN } from './no-token.ts';
import { RELATION_RULE } from './relation-rule.ts';
import type { Rule, RuleContext } from './rule.ts';
import { SEARCH_EXCHANGE_RULES } from './search-exchanges.ts';
import { SEARCH_NARROWING_RULE } from './search-narrowing.ts';

/**
 * Every rule of lib/rules, by requirement id. Tests, properties, drift, traffic and `npm run trace`
 * read rules from here, so a rule is found, and judged, from one place.
 */
const RULES: readonly Rule[] = [
  // Each rule module's exported rules, listed here (one line per module).
  ERROR_ROWS,
  NO_TOKEN,
  ...MEANING_RULES,
  ...SEARCH_EXCHANGE_RULES,
  ...CATEGORY_RULES,
  LOCATION_RANGE_RULE,
  SEARCH_NARROWING_RULE,
  MESSAGE_VISIBLE_RULE,
  ...FISCAL_SEQUENCE_RULES,
  RELATION_RULE,
  ...ECHO_RULES,
];

/** The rules that judge a requirement. */
export function rulesOf(requirement: string): Rule[] {
  return RULES.filter((rule) => rule.requirements.includes(requirement));
}

/** Every registered rule. */
export function allRules(): readonly Rule[] {
  return RULES;
}

/** Every judgement the registry makes of one exchange. */
export function judgeExchange(exchange: Exchange, context: RuleContext = { history: [] }): Judgement[] {
  return RULES.filter((rule) => rule.appliesTo(exchange)).flatMap((rule) => rule.judge(exchange, context));
}

/**
 * The registry's judgements of one answer under the given requirements: what a test that asked for the
 * answer records as its own, the rule written once here (a test chooses what to ask, the registry judges).
 */
export function judgeUnder(
  exchange: Exchange,
  requirements: readonly string[],
  context: RuleContext = { history: [] },
): Judgement[] {
  return judgeExchange(exchange, context).filter((judgement) => requirements.includes(judgement.requirement));
}
