#!/usr/bin/env node
// A first try without writing a profile:
//   npx conformance --base-url URL --seller ID:TOKEN --buyer ID:TOKEN [--name NAME] [other conformance.sh arguments]
// writes a temporary read-only profile (the two users only; everything else discovered or reported
// "not verified"), runs scripts/conformance.sh with TARGET pointing at it, and removes it afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const USAGE =
  'usage: npx conformance --base-url URL --seller ID:TOKEN --buyer ID:TOKEN [--name NAME] [conformance.sh arguments]';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function fail(message) {
  console.error(`conformance: ${message}\n${USAGE}`);
  process.exit(2);
}

function user(role, value) {
  const at = value?.indexOf(':') ?? -1;
  const id = Number(value?.slice(0, at));
  const token = value?.slice(at + 1);
  if (at < 1 || !Number.isInteger(id) || id < 1 || !token)
    fail(`--${role} takes ID:TOKEN (a positive id, a colon, the token)`);
  return { id, token };
}

const own = { '--base-url': 'baseURL', '--seller': 'seller', '--buyer': 'buyer', '--name': 'name' };
const given = {};
const rest = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 1) {
  const [flag, inline] = args[i].split(/=(.*)/s);
  if (!(flag in own)) rest.push(args[i]);
  else given[own[flag]] = inline ?? args[++i];
}
if (!given.baseURL) fail('--base-url is required');
const profile = {
  name: given.name ?? 'quick-start',
  description: 'written by npx conformance for one run',
  baseURL: given.baseURL.replace(/\/+$/, ''),
  isMock: false,
  allowsWrites: false,
  users: { seller: user('seller', given.seller), buyer: user('buyer', given.buyer) },
};
const dir = mkdtempSync(join(tmpdir(), 'conformance-profile-'));
const file = join(dir, `${profile.name}.json`);
writeFileSync(file, JSON.stringify(profile, null, 2), { mode: 0o600 });
const env = { ...process.env, TARGET: file };
delete env.BASE_URL;
delete env.MOCK_BASE_URL;
const child = spawn('bash', [join(root, 'scripts', 'conformance.sh'), ...rest], { stdio: 'inherit', env });
// Ctrl-C reaches the run from the terminal; a SIGTERM to this command is passed on.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('close', (code, signal) => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 130 : 1));
});
