import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bundledSpecPath, projectRoot } from '../lib/checks/spec.ts';
import { runCommand } from '../lib/process/launch.ts';
import { type Running, startProcess } from './servers.ts';

// Prism 5.8 is the newest release that runs on Node 20; installed on demand, outside the lockfile.
const PRISM = '@stoplight/prism-cli@5.8.3';
const prefix = join(projectRoot, '.cache', 'prism');
const bin = join(prefix, 'node_modules', '.bin', 'prism');

function ensurePrism(): boolean {
  if (existsSync(bin)) return true;
  runCommand(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', prefix, PRISM],
    { quiet: true, cwd: process.cwd() },
  );
  return existsSync(bin);
}

/** Stoplight Prism's mock serving the project's own bundled spec, or undefined when it cannot be installed. */
export async function startPrism(port: number): Promise<Running | undefined> {
  if (!ensurePrism()) return undefined;
  const url = `http://127.0.0.1:${port}`;
  return startProcess(
    bin,
    ['mock', bundledSpecPath, '--port', String(port), '--host', '127.0.0.1'],
    url,
    `${url}/classified_locations/countries`,
  );
}
