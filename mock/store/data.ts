import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyDrops } from './drops.ts';

export const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures');

/** Reads a seed file of fixtures/data (the mock re-reads on every start, so state never leaks across starts). */
export function readSeed<T>(name: string): T {
  return applyDrops(name, JSON.parse(readFileSync(join(fixturesDir, 'data', name), 'utf8')) as T);
}
