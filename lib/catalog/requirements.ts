import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { projectRoot } from '../checks/spec.ts';

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

/** Every requirement of every catalog file under spec/requirements/. */
export function loadRequirements(dir = requirementsDir): Requirement[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .flatMap((name) => {
      const file = parse(readFileSync(join(dir, name), 'utf8')) as CatalogFile;
      return (file.requirements ?? []).map((entry) => ({ ...entry, area: file.area }));
    });
}
