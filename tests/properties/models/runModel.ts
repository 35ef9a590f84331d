import fc from 'fast-check';

/**
 * fc.asyncModelRun, with the commands that ran named in the error. fast-check reports a cloned
 * command list that never ran (it prints empty), so the sequence is added to the cause here.
 */
export async function runModel<Model extends object, Real>(
  setup: () => Promise<{ model: Model; real: Real }>,
  commands: Iterable<fc.AsyncCommand<Model, Real>>,
): Promise<void> {
  try {
    await fc.asyncModelRun(setup, commands);
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`commands run: ${String(commands)}\n${cause}`);
  }
}
