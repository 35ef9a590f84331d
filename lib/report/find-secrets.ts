import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import AdmZip from 'adm-zip';

/** How the suite and the runner mark a cut: the ellipsis (UTF-8, JSON-escaped) and three dots. */
const CUT_MARKS = ['…', '\\u2026', '...'].map(asRead);
/** A shorter prefix than this is not told apart from ordinary text. */
const MIN_PARTIAL = 8;
/** Runs of base64 worth decoding: long enough to hold a token. */
const BASE64_RUN = /[A-Za-z0-9+/]{24,}={0,2}/g;

/** Files are read as latin1, so a form is searched as its UTF-8 bytes read the same way. */
function asRead(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

/** The forms a secret can take in written output: as is, URL-encoded, and inside base64 at any alignment. */
function secretForms(secret: string): string[] {
  // A base URL is also written with its slashes escaped (JSON of some serializers, inline scripts).
  const forms = new Set([secret, encodeURIComponent(secret), secret.replaceAll('/', '\\/')]);
  for (let shift = 0; shift < 3; shift += 1) {
    const encoded = Buffer.from(`${'x'.repeat(shift)}${secret}`).toString('base64');
    // Drop the characters that depend on the prefix or on what follows.
    const start = Math.ceil((shift * 4) / 3) + 1;
    const stable = encoded.slice(start, encoded.length - 4);
    if (stable.length >= 8) forms.add(stable);
  }
  return [...forms].map(asRead);
}

/** Whether text holds a prefix of the secret (MIN_PARTIAL or more characters) right before a cut mark. */
function hasPartialAtCut(text: string, secret: string): boolean {
  for (const form of new Set([secret, encodeURIComponent(secret)].map(asRead))) {
    const head = form.slice(0, MIN_PARTIAL);
    for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, at + 1)) {
      let length = MIN_PARTIAL;
      while (length < form.length && text[at + length] === form[length]) length += 1;
      if (length < form.length && CUT_MARKS.some((mark) => text.startsWith(mark, at + length))) return true;
    }
  }
  return false;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // A link of a reports folder (lib/process/run-folder.ts) names a run's file, read where it is.
    if (entry.isSymbolicLink()) return [];
    return entry.isDirectory() ? files(path) : [path];
  });
}

/** Base64 runs decoded: attachments in JSON and blob reports, where a cut token is not found by its forms. */
function decodedRuns(where: string, text: string): { where: string; text: string }[] {
  const runs: { where: string; text: string }[] = [];
  for (const [run] of text.matchAll(BASE64_RUN)) {
    if (run.length < 10 * 1024 * 1024)
      runs.push({ where: `${where} (base64)`, text: Buffer.from(run, 'base64').toString('latin1') });
  }
  return runs;
}

/** The texts of a file to search: the file itself, the zips it is or embeds, and its base64 runs decoded. */
function textsOf(path: string): { where: string; text: string }[] {
  const bytes = readFileSync(path);
  const text = bytes.toString('latin1');
  const texts = [{ where: path, text }];
  const embedded = /playwrightReportBase64"[^>]*>data:application\/zip;base64,([A-Za-z0-9+/=]+)/.exec(text);
  const zip = embedded?.[1] ? Buffer.from(embedded[1], 'base64') : path.endsWith('.zip') ? bytes : undefined;
  if (zip) {
    for (const entry of new AdmZip(zip).getEntries())
      texts.push({ where: `${path}!${entry.entryName}`, text: entry.getData().toString('latin1') });
  }
  return [...texts, ...texts.flatMap(({ where, text }) => decodedRuns(where, text))];
}

/** A secret base URL (profileSecrets gives it whole and as its host) is named as such, not by its first letters. */
function secretName(secret: string): string {
  if (/^https?:\/\//.test(secret) || /^[\w.-]+:\d+$/.test(secret)) return 'the secret base URL';
  return `a secret of the profile (${secret.slice(0, 4)}…)`;
}

/** Every place under dir where one of the secrets appears, in any of its forms, or cut short before a cut mark. */
export function findSecrets(dir: string, secrets: readonly string[]): string[] {
  const known = secrets.filter((s) => s.length >= 4);
  const forms = known.flatMap((secret) => secretForms(secret).map((form) => ({ secret, form })));
  const found: string[] = [];
  for (const path of files(dir)) {
    if (statSync(path).size > 200 * 1024 * 1024) continue;
    for (const { where, text } of textsOf(path)) {
      for (const { secret, form } of forms) {
        if (text.includes(form)) found.push(`${relative(dir, where)}: ${secretName(secret)}`);
      }
      for (const secret of known) {
        if (hasPartialAtCut(text, secret))
          found.push(`${relative(dir, where)}: the start of a secret cut short (${secret.slice(0, 4)}…)`);
      }
    }
  }
  return [...new Set(found)];
}
