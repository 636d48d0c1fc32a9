// Lighthouse (12.x, Node 20) against Debian's Chromium on `/` and a post page of the built server.
// Prints performance and accessibility scores and the JavaScript each page loads (bytes over the
// wire, i.e. gzipped, and uncompressed). Targets: accessibility ≥ 95, performance ≥ 90, first-load
// JS on `/` ≤ 120 KB gzipped. Not part of `npm test`. Usage: npm run build && npm run bench:lighthouse
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../tests/support/browser';
import { startServer } from '../tests/support/server';

const PAGES = [
  ['home', '/'],
  ['post', '/blog/latency-budget-for-voice-agents'],
] as const;
const TARGETS = { performance: 90, accessibility: 95, homeJsKb: 120 };

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

async function main(): Promise<void> {
  if (!existsSync('.next/BUILD_ID'))
    throw new Error('No production build: run `npm run build` first.');
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const rows: Record<string, string | number>[] = [];
  let ok = true;
  try {
    for (const [name, path] of PAGES) {
      const result = await lighthouse(server.url + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
      const { lhr } = result;
      const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] })
        ?.items;
      const scripts = (requests ?? []).filter((r) => r.resourceType === 'Script');
      const gzipKb = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024;
      const rawKb = scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0) / 1024;
      const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const accessibility = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
      ok &&= performance >= TARGETS.performance && accessibility >= TARGETS.accessibility;
      if (name === 'home') ok &&= gzipKb <= TARGETS.homeJsKb;
      rows.push({
        page: `${name} (${path})`,
        performance,
        accessibility,
        'JS files': scripts.length,
        'JS KB (wire, gzip)': Number(gzipKb.toFixed(1)),
        'JS KB (uncompressed)': Number(rawKb.toFixed(1)),
        LCP: lhr.audits['largest-contentful-paint']?.displayValue ?? '',
        TBT: lhr.audits['total-blocking-time']?.displayValue ?? '',
        CLS: lhr.audits['cumulative-layout-shift']?.displayValue ?? '',
      });
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  console.table(rows);
  console.log(
    `targets: performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}, ` +
      `JS on / ≤ ${TARGETS.homeJsKb} KB gzipped (Lighthouse's default mobile profile, simulated throttling): ` +
      (ok ? 'met' : 'NOT met'),
  );
}

await main();
