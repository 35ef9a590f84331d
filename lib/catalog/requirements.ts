import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cacheFile, readCache, writeCache } from '../cache/disk-cache.ts';
import { projectRoot } from '../checks/spec.ts';

const require = createRequire(import.meta.url);

export const REQUIREMENT_KINDS = [
  'field',
  'rule',
  'error',
  'limit',
  'auth',
  'state',
  'event',
  'versioning',
  'convention',
  'meaning',
] as const;

export interface Requirement {
  id: string;
  text: string;
  source: string;
  kind: (typeof REQUIREMENT_KINDS)[number];
  basis: 'documented' | 'gap';
  operations: string[];
  untestable?: string;
  /** The reference sentence that states it, verbatim (spec/reference/marketplace-api.md); required for `basis: documented`. */
  quote?: string;
  /** For a completeness requirement: the soundness requirement of the same filter sentence. */
  completes?: string;
  retired?: boolean;
  /** The catalog file it comes from. */
  area: string;
}

const requirementsDir = join(projectRoot, 'spec', 'requirements');

interface CatalogFile {
  area: string;
  requirements: Omit<Requirement, 'area'>[];
}

function parseCatalog(texts: string[]): Requirement[] {
  const { parse } = require('yaml') as typeof import('yaml');
  return texts.flatMap((text) => {
    const file = parse(text) as CatalogFile;
    return (file.requirements ?? []).map((entry) => ({ ...entry, area: file.area }));
  });
}

/**
 * Every requirement of every catalog file under spec/requirements/. Parsed once per content into
 * `.cache/` (yaml costs about half a CPU-second, and the verdict, the reports
 * and the scripts each read the catalog).
 */
export function loadRequirements(dir = requirementsDir): Requirement[] {
  const texts = readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8'));
  const { version } = require('yaml/package.json') as { version: string };
  const path = cacheFile('requirements', [texts, version], 'json');
  const cached = readCache(path);
  if (cached !== undefined) return JSON.parse(cached) as Requirement[];
  const requirements = parseCatalog(texts);
  writeCache(path, JSON.stringify(requirements));
  return requirements;
}
