import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root, found from this file (lib/checks would make a folder cycle: checks → profile → process). */
const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * What every process of a run would otherwise derive again from the same inputs (a compiled validator, a
 * parsed catalog), kept under `.cache/<area>/` by a hash of those inputs: a changed input is a new name,
 * never a stale answer.
 */
export function cacheFile(area: string, inputs: unknown, extension: string): string {
  const key = createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 32);
  return join(projectRoot, '.cache', area, `${key}.${extension}`);
}

/** The cached text, or undefined when none was written yet. */
export function readCache(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Writes whole or not at all (processes of a run write side by side); a read-only checkout only loses time. */
export function writeCache(path: string, text: string): void {
  try {
    mkdirSync(join(path, '..'), { recursive: true });
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, text);
    renameSync(partial, path);
  } catch {
    // Not cached: the next process derives it again.
  }
}
