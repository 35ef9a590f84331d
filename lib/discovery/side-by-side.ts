/** Independent reads of one step in flight together: a latency-bound target answers them side by side, each still paced. */
export const READS_AT_ONCE = 4;

/**
 * `read` of each item, at most `atOnce` in flight, the results in the items' order. Every read settles
 * before the first failure (in the items' order) is thrown: none is left running past its step, and a
 * stop of discovery (budget, time) still ends the step that met it.
 */
export async function sideBySide<T, R>(
  items: readonly T[],
  atOnce: number,
  read: (item: T) => Promise<R>,
): Promise<R[]> {
  const settled: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      settled[index] = await read(items[index] as T).then(
        (value) => ({ status: 'fulfilled', value }) as const,
        (reason: unknown) => ({ status: 'rejected', reason }) as const,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, lane));
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<R>).value);
}
