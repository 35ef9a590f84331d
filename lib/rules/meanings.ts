import { LISTING_PAGING_RULE, QUERY_ECHO_RULE, SORT_APPLIED_RULE } from './meaning-echoes.ts';
import { TIME_ZONE_RULE } from './meaning-places.ts';
import { NO_TOKEN_FIRST_RULE } from './meaning-precedence.ts';
import { PROMISE_HANDLING_RULE, PROMISE_UNIT_RULE } from './meaning-promises.ts';
import { TIMESTAMPS_RULE } from './meaning-timestamps.ts';
import type { Rule } from './rule.ts';

/** The census of value statements as rules (spec/requirements/values.yaml): judged on every answer of a run. */
export const MEANING_RULES: readonly Rule[] = [
  TIMESTAMPS_RULE,
  TIME_ZONE_RULE,
  PROMISE_UNIT_RULE,
  PROMISE_HANDLING_RULE,
  LISTING_PAGING_RULE,
  QUERY_ECHO_RULE,
  SORT_APPLIED_RULE,
  NO_TOKEN_FIRST_RULE,
];
