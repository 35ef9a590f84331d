import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface PageLook {
  page: string;
  consoleErrors: string[];
  text: string;
}

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Opens report pages in Debian's headless Chromium (no browser download) and returns what each shows. */
export async function lookAtReports(
  dir: string,
  pages: string[],
  screenshotDir?: string,
): Promise<PageLook[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
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
      await page.waitForTimeout(1500);
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
  const dir = process.env.REPORTS_DIR ?? 'reports';
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
