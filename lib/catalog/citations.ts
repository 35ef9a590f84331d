import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectRoot } from '../checks/spec.ts';

const ID_LITERAL = /['"`]([A-Z]+(?:-[A-Z0-9]+)+)['"`]/g;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Requirement-id literals cited by the target tests (contract and properties), by id → files citing it. */
export function citedRequirements(known: ReadonlySet<string>): Map<string, string[]> {
  const cited = new Map<string, string[]>();
  // A literal counts as a citation when it is a known id or shares a known id's prefix (a typo of one).
  const prefixes = new Set([...known].map((id) => id.split('-')[0]));
  for (const folder of ['contract', 'properties']) {
    for (const file of testFiles(join(projectRoot, 'tests', folder))) {
      const text = readFileSync(file, 'utf8');
      for (const [, id] of text.matchAll(ID_LITERAL)) {
        if (!id || !(known.has(id) || prefixes.has(id.split('-')[0]))) continue;
        cited.set(id, [...(cited.get(id) ?? []), relative(projectRoot, file)]);
      }
    }
  }
  return cited;
}
