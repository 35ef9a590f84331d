import {
  type JudgementOutcome,
  recordJudgement,
  recordUnnamedAssertion,
  requirementOfMessage,
} from './judgement.ts';

type Parsed = { id: string; rest: string } | undefined;

const messageOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n').find((line) => line.trim()) ?? '';

function messageArgument(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string')
    return value.message;
  return undefined;
}

function record(parsed: Parsed, outcome: JudgementOutcome, reason?: string): void {
  if (!parsed) {
    if (outcome === 'held') recordUnnamedAssertion();
    return;
  }
  recordJudgement({ requirement: parsed.id, outcome, instance: parsed.rest || '(the assertion)', reason });
}

/** Runs one matcher, recording held when it passes and broken (with its first line) when it throws. */
function judgedCall(parsed: Parsed, run: () => unknown): unknown {
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    record(parsed, 'broken', messageOf(error));
    throw error;
  }
  if (result instanceof Promise)
    return result.then(
      (value) => {
        record(parsed, 'held');
        return value;
      },
      (error: unknown) => {
        record(parsed, 'broken', messageOf(error));
        throw error;
      },
    );
  record(parsed, 'held');
  return result;
}

const CHAINS = new Set<string | symbol>(['not', 'resolves', 'rejects']);

function judgingMatchers<M extends object>(matchers: M, parsed: Parsed): M {
  return new Proxy(matchers, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (CHAINS.has(property) && value && typeof value === 'object') return judgingMatchers(value, parsed);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => judgedCall(parsed, () => Reflect.apply(value, target, args));
    },
  });
}

/**
 * The runner's `expect`, where an assertion whose message starts with a requirement id
 * (`expect(n, 'SEARCH-LIMIT: 12 results').toBeLessThanOrEqual(10)`) is also a judgement of that
 * requirement on that instance: held when it passes, broken when it fails. Everything else is unchanged.
 */
export function judgingExpect<E extends object>(base: E): E {
  return new Proxy(base, {
    apply(target, thisArg, args: unknown[]) {
      const matchers: unknown = Reflect.apply(target as (...a: unknown[]) => unknown, thisArg, args);
      const parsed = requirementOfMessage(messageArgument(args[1]));
      if (!matchers || typeof matchers !== 'object') return matchers;
      return judgingMatchers(matchers, parsed);
    },
  });
}
