import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; `.ci/run` installs it with apt-get when it is missing. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the e2e run leaves its page screenshots (git-ignored; the README names it). */
export const SCREENSHOT_DIR = 'test-results/screenshots';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

export interface RunningBrowser {
  browser: Browser;
  newContext(viewport?: keyof typeof VIEWPORTS): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * Headless Chromium as root in a container: no sandbox, no background networking. Playwright's
 * launch() gives every browser a fresh temporary profile (it refuses an explicit --user-data-dir).
 */
export async function launchChromium(): Promise<RunningBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    newContext: (viewport = 'desktop') =>
      browser.newContext({ viewport: VIEWPORTS[viewport], reducedMotion: 'no-preference' }),
    close: async () => {
      await browser.close();
    },
  };
}

/** A full-page screenshot at `<SCREENSHOT_DIR>/<name>-<viewport>.png`. */
export async function screenshot(page: Page, name: string, viewport: keyof typeof VIEWPORTS) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${viewport}.png`), fullPage: true });
}
