#!/usr/bin/env node
// A first try without writing a profile (`npx conformance --help` says it all): writes a read-only
// profile (the two users only; everything else discovered or reported "not verified") beside the
// report, its tokens as ${ENV} names and a base URL not on loopback as ${CONFORMANCE_BASE_URL}, then
// runs scripts/conformance.sh with TARGET pointing at it; the printed replay line reuses it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const USAGE =
  'usage: npx conformance --base-url URL --seller ID --buyer ID [token options] [--name NAME] [conformance.sh arguments]';
const HELP = `${USAGE}

A first, read-only run of the suite against a server, from a seller and a buyer of it (an id and an
access token each); everything else the tests need is discovered on the server or reported "not verified".

Tokens (first found wins, for each user):
  --seller-token-env NAME   read the seller's token from the environment variable NAME (default SELLER_TOKEN)
  --buyer-token-env NAME    read the buyer's token from NAME (default BUYER_TOKEN)
  --tokens-file FILE        read NAME=VALUE lines (SELLER_TOKEN=…, BUYER_TOKEN=…) from FILE (keep it chmod 600)
  --seller ID:TOKEN         the token on the command line: it stays in the shell's history and any user
                            of the machine sees it in \`ps\`; prefer the environment or a file
Base URL:
  --base-url URL            the API's base URL, path included (every documented read answering 404 stops the run)
  --public-base-url         show the base URL in the reports (by default a base URL not on loopback is
                            secret: reports show [BASE_URL], as tokens are never shown)
  --secret-base-url         treat a loopback base URL as secret too
Other:
  --name NAME               the profile's name (default quick-start)
  -h, --help                this help
Any other argument goes to scripts/conformance.sh (--grep, --project, --fail-on-coverage-drop…).

The run keeps its profile beside its report, as $REPORTS_DIR/NAME.profile.json (default reports/):
tokens and a secret base URL are written there as \${NAME} of environment variables, never as values.
The line "replay: …" printed at the end runs the same again, with those variables set.
Exit: 0 conforms, 1 does not (or interrupted), 2 a broken start (nothing written).`;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function fail(message) {
  console.error(`conformance: ${message}\n${USAGE}\n(npx conformance --help for more)`);
  process.exit(2);
}

const own = {
  '--base-url': 'baseURL',
  '--seller': 'seller',
  '--buyer': 'buyer',
  '--name': 'name',
  '--seller-token-env': 'sellerTokenEnv',
  '--buyer-token-env': 'buyerTokenEnv',
  '--tokens-file': 'tokensFile',
};
const switches = { '--public-base-url': 'publicBaseURL', '--secret-base-url': 'secretBaseURL' };
const given = {};
const rest = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 1) {
  const [flag, inline] = args[i].split(/=(.*)/s);
  if (flag === '--help' || flag === '-h') {
    console.log(HELP);
    process.exit(0);
  }
  if (flag in switches) given[switches[flag]] = true;
  else if (!(flag in own)) rest.push(args[i]);
  else given[own[flag]] = inline ?? args[++i];
}
if (!given.baseURL) fail('--base-url is required');
let baseURL;
try {
  baseURL = new URL(given.baseURL);
} catch {
  fail(`--base-url "${given.baseURL}" is not a URL`);
}
if (given.publicBaseURL && given.secretBaseURL)
  fail('--public-base-url and --secret-base-url contradict each other');
if (given.name !== undefined && !/^[A-Za-z0-9._-]+$/.test(given.name))
  fail('--name takes letters, digits, ".", "_" and "-"');

/** NAME=VALUE lines of a tokens file; `#` starts a comment, `export ` and quotes are allowed. */
function tokensFile(path) {
  if (!path) return {};
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    fail(`--tokens-file ${path}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  }
  const values = {};
  for (const line of text.split('\n')) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match && !line.trimStart().startsWith('#'))
      values[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

const fromFile = tokensFile(given.tokensFile);
/** The token's environment variable for the run and the replay; the child is given its value. */
const tokenEnv = {};

function user(role, value, envName) {
  const at = value?.indexOf(':') ?? -1;
  const idText = at < 0 ? value : value.slice(0, at);
  const id = Number(idText);
  if (!value || !Number.isInteger(id) || id < 1)
    fail(`--${role} takes ID:TOKEN or ID (a positive id; the token then from ${envName})`);
  const inline = at < 0 ? undefined : value.slice(at + 1);
  const token = inline || fromFile[envName] || process.env[envName];
  if (!token)
    fail(
      `--${role} ${id}: no token: set ${envName}, put ${envName}=… in a --tokens-file, or name another variable with --${role}-token-env`,
    );
  tokenEnv[envName] = token;
  return { id, token: `\${${envName}}` };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const secret = given.secretBaseURL || (!given.publicBaseURL && !LOOPBACK.test(baseURL.hostname));
const name = given.name ?? 'quick-start';
const profile = {
  name,
  description: 'written by npx conformance; tokens (and a secret base URL) come from the environment',
  baseURL: secret ? `\${CONFORMANCE_BASE_URL}` : given.baseURL.replace(/\/+$/, ''),
  ...(secret ? { secretBaseURL: true } : {}),
  isMock: false,
  allowsWrites: false,
  users: {
    seller: user('seller', given.seller, given.sellerTokenEnv ?? 'SELLER_TOKEN'),
    buyer: user('buyer', given.buyer, given.buyerTokenEnv ?? 'BUYER_TOKEN'),
  },
};
if (secret) tokenEnv.CONFORMANCE_BASE_URL = given.baseURL.replace(/\/+$/, '');

// conformance.sh runs from the project root: a relative REPORTS_DIR is read from there.
const reportsDir = resolve(root, process.env.REPORTS_DIR || 'reports');
const file = join(reportsDir, `${name}.profile.json`);
const shown = relative(root, file);
const target = shown.startsWith('..') || isAbsolute(shown) ? file : shown;
const existed = existsSync(file);
const madeDir = !existsSync(reportsDir);
mkdirSync(reportsDir, { recursive: true });
writeFileSync(file, `${JSON.stringify(profile, null, 2)}\n`, { mode: 0o600 });
const env = { ...process.env, ...tokenEnv, TARGET: target };
delete env.BASE_URL;
delete env.MOCK_BASE_URL;
const child = spawn('bash', [join(root, 'scripts', 'conformance.sh'), ...rest], { stdio: 'inherit', env });
// Ctrl-C reaches the run from the terminal; a SIGTERM to this command is passed on.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));

/** The line that runs the same again: the profile kept, its variables named (their values never printed). */
function replayLine() {
  const names = Object.keys(tokenEnv);
  const quoted = rest.map((arg) => (/^[\w./:=@%+-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`));
  const dir = process.env.REPORTS_DIR ? `REPORTS_DIR=${process.env.REPORTS_DIR} ` : '';
  const command = `${dir}TARGET=${target} npm run conformance${quoted.length ? ` -- ${quoted.join(' ')}` : ''}`;
  const from = given.tokensFile ? ` (set -a; . ${given.tokensFile}; set +a)` : '';
  return `replay: ${command}   # with ${names.join(', ')} set${from}`;
}

child.on('close', (code, signal) => {
  // A broken start writes nothing: the profile goes unless an earlier run kept it there.
  if (code === 2 && !existed) {
    rmSync(file, { force: true });
    if (madeDir && readdirSync(reportsDir).length === 0) rmSync(reportsDir, { recursive: true });
  } else console.log(replayLine());
  process.exit(code ?? (signal ? 130 : 1));
});
