import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../../lib/report/look.ts';
import type { SessionStep } from './session.ts';

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });

/**
 * Plays the session from a page of each origin in Debian's Chromium, all in one browser context whose
 * traffic Playwright's recordHar writes to one HAR (one context per origin would cost seconds each).
 */
export async function recordSessions(
  browser: Browser,
  origins: string[],
  steps: (origin: string) => SessionStep[],
  tokens: { seller: string; buyer: string },
  har: { path: string; content: 'embed' | 'attach' },
): Promise<void> {
  const context = await browser.newContext({
    recordHar: { path: har.path, content: har.content, mode: 'full' },
  });
  await Promise.all(
    origins.map(async (origin) => {
      const page = await context.newPage();
      await page.goto(`${origin}/client.html`);
      // The page's own script plays it (client.js); a string, so no bundler helper leaks into the page.
      await page.evaluate(`window.playSession(${JSON.stringify({ steps: steps(origin), tokens })})`);
    }),
  );
  await context.close();
}
