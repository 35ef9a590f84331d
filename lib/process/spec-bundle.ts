import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bundledSpecPath, projectRoot } from '../checks/spec.ts';
import { mustRun } from './launch.ts';

function newestSpecSource(dir = join(projectRoot, 'spec')): number {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.name !== 'dist')
    .reduce((newest, entry) => {
      const path = join(dir, entry.name);
      const time = entry.isDirectory() ? newestSpecSource(path) : statSync(path).mtimeMs;
      return Math.max(newest, time);
    }, 0);
}

/** Bundles the spec when the bundle is missing or older than its sources. */
export function ensureBundle(): void {
  if (existsSync(bundledSpecPath) && statSync(bundledSpecPath).mtimeMs >= newestSpecSource()) return;
  mustRun('npx', ['redocly', 'bundle', 'spec/openapi.yaml', '--ext', 'json', '-o', bundledSpecPath]);
}
