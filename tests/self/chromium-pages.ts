import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page, test } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../lib/report/look.ts';

/** A page of the reports opened in Chromium at the size of a reader's laptop window. */
export const VIEWPORT = { width: 1400, height: 1000 };

/** Debian's Chromium for the look; the test skips, saying so, where it is not installed. */
export async function withChromium(look: (browser: Browser) => Promise<void>): Promise<void> {
  test.skip(
    !existsSync(CHROMIUM),
    `Debian's chromium is not installed at ${CHROMIUM} (apt-get install chromium)`,
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    await look(browser);
  } finally {
    await browser.close();
  }
}

/** A file of a reports folder, opened at the reader's window size. */
export async function openAt(browser: Browser, dir: string, relative: string): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(`file://${join(dir, relative)}`, { waitUntil: 'load' });
  return page;
}
