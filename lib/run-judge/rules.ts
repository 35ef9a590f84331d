import { ONE_FACT_RULE } from '../facts/rule.ts';
import { allRules } from '../rules/registry.ts';
import type { Rule } from '../rules/rule.ts';

/** Every rule the run's judge applies: the registry's, and one fact, one value over the run's reads. */
export function runRules(): readonly Rule[] {
  return [...allRules(), ONE_FACT_RULE];
}
