/**
 * A judgement: one rule of the reference (keyed by its requirement id) applied to one instance of an
 * answer. "Verified" is read from judgements, never from a test merely passing (lib/judge/status.ts).
 */
export type JudgementOutcome = 'held' | 'broken' | 'not judged';

export interface Judgement {
  requirement: string;
  outcome: JudgementOutcome;
  /** What the rule was applied to: an operation and an id or pointer ("getOrder 2000001", "results[3]"). */
  instance: string;
  /** Why it broke, or why it could not be judged ("the result leaves `tags` out"). */
  reason?: string;
  /**
   * Not judged because the answer leaves out a field the reference lists there: its path as the
   * findings write it (`[].values`). The run's judge counts it as an omission under the target's policy
   * (lib/checks/verdict.ts), so a rule is never evaded by leaving its field out where the target sends it.
   */
  leftOut?: string;
}

/** Judgements of one test, counted: the same requirement, outcome and instance recorded once with a count. */
export interface CountedJudgement extends Judgement {
  count: number;
}

/** The attachment under which a test carries its judgements (JSON, read from the runner's JSON report). */
export const JUDGEMENTS_ATTACHMENT = 'judgements.json';

const ID = /^([A-Z][A-Z0-9]*(?:-[A-Z0-9*]+)+)(?=$|[\s:,;.()])/;

/** The requirement id a message starts with ("SEARCH-LIMIT: 12 results"), and the rest as its instance. */
export function requirementOfMessage(message: string | undefined): { id: string; rest: string } | undefined {
  const match = message?.match(ID);
  if (!match?.[1] || !message) return undefined;
  return {
    id: match[1],
    rest: message
      .slice(match[1].length)
      .replace(/^[\s:,;.]+/, '')
      .trim(),
  };
}

/** Most instances kept per requirement and outcome in one test; the rest are counted only. */
const INSTANCES_KEPT = 20;

/** The judgements of one test, collected while it runs. */
export class JudgementLog {
  private readonly entries = new Map<string, CountedJudgement>();
  private readonly perKind = new Map<string, number>();

  add(judgement: Judgement): void {
    const instance = judgement.instance.slice(0, 200);
    const key = JSON.stringify([judgement.requirement, judgement.outcome, instance, judgement.reason ?? '']);
    const existing = this.entries.get(key);
    if (existing) {
      existing.count += 1;
      return;
    }
    const kind = `${judgement.requirement} ${judgement.outcome}`;
    const kept = this.perKind.get(kind) ?? 0;
    this.perKind.set(kind, kept + 1);
    if (kept >= INSTANCES_KEPT) {
      const overflow = { ...judgement, instance: '(further instances)', reason: undefined };
      const overflowKey = JSON.stringify([judgement.requirement, judgement.outcome, overflow.instance, '']);
      const counted = this.entries.get(overflowKey);
      if (counted) counted.count += 1;
      else this.entries.set(overflowKey, { ...overflow, count: 1 });
      return;
    }
    this.entries.set(key, { ...judgement, instance, count: 1 });
  }

  list(): CountedJudgement[] {
    return [...this.entries.values()];
  }
}

let current: JudgementLog | undefined;

/** Starts the log of the test about to run (a worker runs one test at a time). */
export function beginJudgements(): JudgementLog {
  current = new JudgementLog();
  return current;
}

/** Ends the running test's log and returns what it recorded (assertions are added by the reporter). */
export function endJudgements(): CountedJudgement[] {
  const judged = current?.list() ?? [];
  current = undefined;
  return judged;
}

/** Records a judgement on the running test; outside a test (discovery, drift) the caller keeps its own log. */
export function recordJudgement(judgement: Judgement): void {
  current?.add(judgement);
}

/**
 * Records the judgement a passing assertion titled `message` would give (the judgement reporter reads the
 * same id and instance from its step), without the assertion: for a rule whose check already held, where
 * the assertion would only assert that it did. A test judging every result of its searches makes hundreds
 * of them, and each assertion step costs a captured, source-mapped stack and two messages to the runner.
 * False (nothing recorded) when the message names no requirement: the caller asserts as before.
 */
export function recordHeld(message: string): boolean {
  const named = requirementOfMessage(message);
  if (!named) return false;
  recordJudgement({ requirement: named.id, outcome: 'held', instance: named.rest || '(the assertion)' });
  return true;
}
