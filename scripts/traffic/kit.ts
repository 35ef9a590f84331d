import type { Judgement } from '../../lib/judge/judgement.ts';
import type { Rule } from '../../lib/rules/rule.ts';
import type { NumberedExchange } from './exchange.ts';
import type { Matched } from './match.ts';

/** What one rule concluded from one exchange (or a sequence ending in it). */
export interface RuleOutcome {
  /** The rule's name: a check name in findings and in the baseline. */
  rule: string;
  /** The requirement id of spec/requirements/ the rule verifies. */
  requirement: string;
  /** The exchange that shows it. */
  exchange: number;
  /** Earlier exchanges of the sequence, when a sequence shows it. */
  related: number[];
  /** Held (or not judged): nothing to report; false: broken. */
  passed: boolean;
  /** Why the rule could not be applied to the exchange (a field left out, another row's answer): not judged. */
  notJudged?: string;
  /** What the exchange showed and what the reference says. */
  message: string;
}

/** One exchange matched to its operation, as rules see it. */
export interface Judged {
  exchange: NumberedExchange;
  matched: Matched;
  /** Who called: a digest of the token (never the token), or undefined without one. */
  caller?: string;
}

/** A judgement of a rule of lib/rules on one exchange as an outcome, named by the rule (findings, baseline). */
export function outcomeOf(judged: Judged, rule: Rule, j: Judgement): RuleOutcome {
  const { response } = judged.exchange;
  return {
    rule: rule.name ?? j.requirement,
    requirement: j.requirement,
    exchange: judged.exchange.index,
    related: [],
    passed: j.outcome !== 'broken',
    ...(j.outcome === 'not judged' ? { notJudged: j.reason ?? 'the rule could not be applied' } : {}),
    message: `${judged.matched.label}: ${j.instance}; answered ${response.status}${response.bodyUnknown ? ' (body not recorded)' : ''}${j.reason ? ` (${j.reason})` : ''}`,
  };
}
