import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium; `.ci/run` installs it with apt-get when it is missing. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the e2e run leaves its page screenshots (git-ignored; the README names it). */
export const SCREENSHOT_DIR = 'test-results/screenshots';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** Chromium as root in a container, kept off the closed network (bench/lighthouse.ts too). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface RunningBrowser {
  browser: Browser;
  newContext(viewport?: keyof typeof VIEWPORTS): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * Headless Chromium as root in a container: no sandbox, no background networking. Playwright's
 * launch() gives every browser a fresh temporary profile (it refuses an explicit --user-data-dir).
 * `extraArgs` adds switches, e.g. a fake microphone playing a WAV file (fakeMicrophone).
 */
export async function launchChromium(extraArgs: string[] = []): Promise<RunningBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
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

/** Switches that give pages a microphone playing `wavPath` (looped) without asking the person. */
export const fakeMicrophone = (wavPath: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${wavPath}`,
  '--autoplay-policy=no-user-gesture-required',
];

/** Axe finds nothing serious or critical on the page, in light and in dark; screenshots both. */
export async function expectAxeClean(target: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await target.emulateMedia({ colorScheme });
    await target.waitForLoadState('load');
    // After a client-side navigation Next sets the new title a moment later.
    await target.waitForFunction(() => document.title.length > 0);
    const { violations } = await new AxeBuilder({ page: target }).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious, `${name} (${colorScheme})`).toEqual([]);
    await screenshot(target, `${name}-${colorScheme}`, 'desktop');
  }
  await target.emulateMedia({ colorScheme: 'light' });
}

/** Runs `run` on a page of a fresh context at `viewport`, and closes the context after it. */
export async function withFreshPage<T>(
  chromium: RunningBrowser,
  run: (page: Page) => Promise<T>,
  viewport: keyof typeof VIEWPORTS = 'desktop',
): Promise<T> {
  const context = await chromium.newContext(viewport);
  const page = await context.newPage();
  try {
    return await run(page);
  } finally {
    await context.close();
  }
}

/**
 * Seeks the <audio> element halfway (at most `capSeconds` in) once it has loaded, and checks it
 * lands there: the route serving it answers Range. A file that cannot play fails.
 */
export async function expectSeekable(audioElement: Locator, capSeconds = Infinity): Promise<void> {
  const landed = await audioElement.evaluate(async (element, cap) => {
    const audio = element as HTMLAudioElement;
    if (audio.readyState < 1) {
      const loaded = new Promise((resolve, reject) => {
        audio.addEventListener('loadedmetadata', resolve, { once: true });
        audio.addEventListener('error', () => reject(new Error('not playable')), { once: true });
      });
      audio.load();
      await loaded;
    }
    const target = Math.min(cap, audio.duration / 2);
    const seeked = new Promise((resolve) =>
      audio.addEventListener('seeked', resolve, { once: true }),
    );
    audio.currentTime = target;
    await seeked;
    return { target, at: audio.currentTime, duration: audio.duration };
  }, capSeconds);
  expect(landed.duration).toBeGreaterThan(1);
  expect(Math.abs(landed.at - landed.target)).toBeLessThan(0.1);
}

/** A full-page screenshot at `<SCREENSHOT_DIR>/<name>-<viewport>.png`. */
export async function screenshot(page: Page, name: string, viewport: keyof typeof VIEWPORTS) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${viewport}.png`), fullPage: true });
}

/** A browser context already signed in with a session cookie from the API (`name=value; …`). */
export async function signedInContext(
  running: RunningBrowser,
  base: string,
  cookie: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<BrowserContext> {
  const context = await running.browser.newContext({ viewport, reducedMotion: 'no-preference' });
  await context.addCookies(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
      }),
  );
  return context;
}

/** The page fits `width` without sideways scrolling; a failure names what sticks out. */
export async function expectNoSidewaysScroll(
  page: Page,
  width: number,
  label = page.url(),
): Promise<void> {
  const measured = await page.evaluate((limit) => {
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > limit + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`);
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  }, width);
  expect(measured.scrollWidth, `${label}: ${measured.wide.join(', ')}`).toBeLessThanOrEqual(width);
}
