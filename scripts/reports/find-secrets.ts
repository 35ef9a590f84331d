import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import AdmZip from 'adm-zip';

/** The forms a secret can take in written output: as is, URL-encoded, and inside base64 at any alignment. */
function secretForms(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret)]);
  for (let shift = 0; shift < 3; shift += 1) {
    const encoded = Buffer.from(`${'x'.repeat(shift)}${secret}`).toString('base64');
    // Drop the characters that depend on the prefix or on what follows.
    const start = Math.ceil((shift * 4) / 3) + 1;
    const stable = encoded.slice(start, encoded.length - 4);
    if (stable.length >= 8) forms.add(stable);
  }
  return [...forms];
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

/** The texts of a file to search: the file itself and, for Playwright's HTML report, the zip it embeds. */
function textsOf(path: string): { where: string; text: string }[] {
  const text = readFileSync(path).toString('latin1');
  const texts = [{ where: path, text }];
  const embedded = /playwrightReportBase64"[^>]*>data:application\/zip;base64,([A-Za-z0-9+/=]+)/.exec(text);
  if (embedded?.[1]) {
    const zip = new AdmZip(Buffer.from(embedded[1], 'base64'));
    for (const entry of zip.getEntries())
      texts.push({ where: `${path}!${entry.entryName}`, text: entry.getData().toString('latin1') });
  }
  return texts;
}

/** Every place under dir where one of the secrets appears, in any of its forms. */
export function findSecrets(dir: string, secrets: readonly string[]): string[] {
  const forms = secrets
    .filter((s) => s.length >= 4)
    .flatMap((secret) => secretForms(secret).map((form) => ({ secret, form })));
  const found: string[] = [];
  for (const path of files(dir)) {
    if (statSync(path).size > 200 * 1024 * 1024) continue;
    for (const { where, text } of textsOf(path)) {
      for (const { secret, form } of forms) {
        if (text.includes(form))
          found.push(`${relative(dir, where)}: a token of the profile (${secret.slice(0, 4)}…)`);
      }
    }
  }
  return [...new Set(found)];
}
