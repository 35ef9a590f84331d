import { type ExpectedError, mismatch } from '../../lib/checks/assertions.ts';
import type { Judgement } from '../../lib/judge/judgement.ts';
import type { TargetProfile } from '../../lib/profile/types.ts';
import type { Rule } from '../../lib/rules/rule.ts';
import { type NumberedExchange, observedResponse } from './exchange.ts';
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

export interface RuleContext {
  profile: TargetProfile;
}

/** A row of the reference's error tables a request's visible condition calls for. */
export interface Row extends Omit<ExpectedError, 'orElse'> {}

export const accepted = (exchange: NumberedExchange): boolean =>
  exchange.response.status >= 200 && exchange.response.status < 300;

function rowText(row: Row): string {
  return [String(row.status), row.error, row.message ? JSON.stringify(String(row.message)) : undefined]
    .filter(Boolean)
    .join(' ');
}

/**
 * Judges an answer against the rows its request's visible condition calls for: the first is the
 * reference's row for that condition, the others rows of conditions the request may also meet
 * (an owner's or site's 403), whose precedence the reference does not give. Passes when one matches.
 */
export function expectRows(
  judged: Judged,
  ctx: RuleContext,
  rule: string,
  requirement: string,
  condition: string,
  rows: Row[],
): RuleOutcome {
  const res = observedResponse(judged.exchange);
  // Without the body (not recorded), only the status can be judged.
  const judgedRows = judged.exchange.response.bodyUnknown
    ? rows.map((row) => ({ status: row.status, statusIsGap: row.statusIsGap }))
    : rows;
  const misses = judgedRows.map((row) => mismatch(res, row, ctx.profile));
  const passed = misses.some((miss) => miss === undefined);
  const documented = rows.map(rowText).join(' or ');
  return {
    rule,
    requirement,
    exchange: judged.exchange.index,
    related: [],
    passed,
    message: `${judged.matched.label}: ${condition}; answered ${res.status}${judged.exchange.response.bodyUnknown ? ' (body not recorded)' : ''}${passed ? '' : ` (${misses[0]})`}; documented: ${documented}`,
  };
}

/** An outcome of a sequence: the last exchange shows it, the earlier ones are its evidence too. */
export function sequenceOutcome(
  rule: string,
  requirement: string,
  last: Judged,
  related: number[],
  passed: boolean,
  message: string,
): RuleOutcome {
  return { rule, requirement, exchange: last.exchange.index, related, passed, message };
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
