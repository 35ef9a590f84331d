/** One broken rule: the requirement id it breaks and what was seen. */
export interface RuleFailure {
  requirement: string;
  failure: string;
}

/** The failures of one requirement, as RuleFailures. */
export const failuresOf = (requirement: string, failures: string[]): RuleFailure[] =>
  failures.map((failure) => ({ requirement, failure }));

/** The failures that break `requirement`, as their text. */
export const textsOf = (failures: readonly RuleFailure[], requirement: string): string[] =>
  failures.filter((f) => f.requirement === requirement).map((f) => f.failure);
