import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { readRunEnv } from '../profile/run-env.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface PageLook {
  page: string;
  consoleErrors: string[];
  text: string;
}

/** Chromium's flags for a headless run without network chatter (the report test and the traffic test). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const SETTLE_TIMEOUT_MS = 30_000;

/**
 * Waits until a page rendered by script shows what it is expected to show, or, with nothing named,
 * until its text is non-empty and stops changing: a fixed pause is too short on a loaded machine.
 */
async function settled(page: Page, expected?: string): Promise<void> {
  if (expected) {
    await page
      .getByText(expected)
      .first()
      .waitFor({ timeout: SETTLE_TIMEOUT_MS })
      .catch(() => undefined);
    return;
  }
  let previous = '';
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await page.waitForTimeout(500);
    const text = await page.locator('body').innerText();
    if (text.trim() !== '' && text === previous) return;
    previous = text;
  }
}

/** Opens report pages in Debian's headless Chromium (no browser download) and returns what each shows. */
export async function lookAtReports(
  dir: string,
  pages: string[],
  screenshotDir?: string,
  waitFor: Record<string, string> = {},
): Promise<PageLook[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const looks: PageLook[] = [];
    for (const relative of pages) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => consoleErrors.push(error.message));
      const file = resolve(dir, relative);
      if (!existsSync(file)) throw new Error(`${file} does not exist`);
      await page.goto(`file://${file}`, { waitUntil: 'load' });
      await settled(page, waitFor[relative]);
      if (screenshotDir) {
        await page.screenshot({
          path: join(screenshotDir, `${relative.replace(/[/.]/g, '_')}.png`),
          fullPage: false,
        });
      }
      looks.push({ page: relative, consoleErrors, text: await page.locator('body').innerText() });
      await page.close();
    }
    return looks;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = readRunEnv().reportsDir;
  const looks = await lookAtReports(
    dir,
    [
      'index.html',
      'traceability.html',
      'spec/index.html',
      'html/index.html',
      'allure/index.html',
      ...(existsSync(join(dir, 'drift.html')) ? ['drift.html'] : []),
    ],
    dir,
  );
  for (const look of looks) {
    console.log(
      `${look.page}: ${look.consoleErrors.length} console error(s); ${look.text.slice(0, 120).replace(/\s+/g, ' ')}`,
    );
  }
}
