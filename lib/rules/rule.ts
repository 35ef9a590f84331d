import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';

/** What a rule may read beside the exchange it judges: the exchanges of the run before it. */
export interface RuleContext {
  /** Earlier exchanges of the same run, oldest first (rules about a sequence read them). */
  history: readonly Exchange[];
}

/**
 * One rule of the reference, written once and keyed by the requirement ids it judges. Pure: the same
 * exchange and history give the same judgements; it never imports a test runner (architecture test).
 */
export interface Rule {
  /** The rule's short name where a tool names it (traffic's and drift's findings, their baselines). */
  name?: string;
  /** The requirement ids this rule judges (each judgement it returns names one of them). */
  requirements: readonly string[];
  /** Whether the rule has anything to say about this exchange (its operation, its method). */
  appliesTo(exchange: Exchange): boolean;
  /** Held, broken or not judged, per instance; [] only when the exchange holds no instance of the rule. */
  judge(exchange: Exchange, context: RuleContext): Judgement[];
}
