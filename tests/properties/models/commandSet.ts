import { test } from '@playwright/test';
import fc from 'fast-check';

/** One kind of command of a model, or undefined where its user or data is missing (left out, and noted). */
export type CommandKind<Model extends object, Real> = fc.Arbitrary<fc.AsyncCommand<Model, Real>> | undefined;

/**
 * fc.commands over the kinds that can run. Kinds whose user or data the profile lacks are left out
 * before a run starts (never a skip thrown inside the model, which would fail the test); when none can
 * run, the test is skipped as not verified.
 */
export function commandsThatRun<Model extends object, Real>(
  kinds: CommandKind<Model, Real>[],
  maxCommands: number,
  why: string,
): fc.Arbitrary<Iterable<fc.AsyncCommand<Model, Real>>> {
  const runnable = kinds.filter(
    (kind): kind is fc.Arbitrary<fc.AsyncCommand<Model, Real>> => kind !== undefined,
  );
  test.skip(runnable.length === 0, `not verified: no command of the model can run (${why})`);
  return fc.commands(runnable, { maxCommands });
}
