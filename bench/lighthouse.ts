// Lighthouse (12.x, Node 20) against Debian's Chromium on `/` and a post page of the built server,
// and, signed in (the session cookie sent with every request), the console's overview, calls list,
// a call page, members and keys. Prints performance and accessibility scores and the JavaScript each page loads (bytes
// over the wire, i.e. gzipped, and uncompressed). Targets: accessibility ≥ 95 (console 100),
// performance ≥ 90, first-load JS on `/` ≤ 120 KB gzipped. Not part of `npm test`.
// Usage: npm run build && npm run bench:lighthouse
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createConsoleKey, firstOrgId, signIn } from '../tests/support/accounts-api';
import { CHROMIUM, CHROMIUM_FLAGS } from '../tests/support/browser';
import { startConsoleServer } from '../tests/support/console-api';
import { startServer } from '../tests/support/server';
import { dispatch, TASK, waitForEnd } from '../tests/support/voice-api';

const TARGETS = { performance: 90, accessibility: 95, consoleAccessibility: 100, homeJsKb: 120 };

interface Audited {
  name: string;
  url: string;
  headers?: Record<string, string>;
  accessibility: number;
}

/** A signed-in member whose org has one finished call (sandbox line): the console's pages. */
async function consolePages(): Promise<{ pages: Audited[]; dispose: () => Promise<void> }> {
  const accounts = await startConsoleServer();
  const base = accounts.server.url;
  const cookie = await signIn(accounts, `lighthouse-${Date.now()}@example.com`);
  const orgId = await firstOrgId(base, cookie);
  const { api_key } = await createConsoleKey(base, cookie, orgId, ['calls:read', 'calls:write']);
  const callId = await dispatch(base, api_key, { phone_number: '+14155550123', task: TASK });
  await waitForEnd(base, api_key, callId);
  const headers = { cookie };
  const accessibility = TARGETS.consoleAccessibility;
  return {
    // The five: the overview, the calls list, a call, members and keys.
    pages: [
      ['console overview', ''],
      ['console calls', '/calls'],
      ['console call', `/calls/${callId}`],
      ['console members', '/members'],
      ['console keys', '/keys'],
    ].map(([name, path]) => ({
      name: name!,
      url: `${base}/console/orgs/${orgId}${path}`,
      headers,
      accessibility,
    })),
    dispose: () => accounts.dispose(),
  };
}

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
  const signedIn = await consolePages();
  const pages: Audited[] = [
    { name: 'home', url: `${server.url}/`, accessibility: TARGETS.accessibility },
    {
      name: 'post',
      url: `${server.url}/blog/latency-budget-for-voice-agents`,
      accessibility: TARGETS.accessibility,
    },
    ...signedIn.pages,
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const rows: Record<string, string | number>[] = [];
  let ok = true;
  try {
    for (const { name, url, headers, accessibility: a11yTarget } of pages) {
      const path = new URL(url).pathname;
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: headers,
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
      ok &&= performance >= TARGETS.performance && accessibility >= a11yTarget;
      const failed = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
        )
        .map((a) => a.id);
      if (failed.length > 0)
        console.log(`${name}: accessibility audits not passed: ${failed.join(', ')}`);
      if (name === 'home') ok &&= gzipKb <= TARGETS.homeJsKb;
      rows.push({
        page: `${name} (${path.replace(/[0-9a-f-]{36}/g, '{id}')})`,
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
    await signedIn.dispose();
  }
  console.table(rows);
  console.log(
    `targets: performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility} ` +
      `(console ${TARGETS.consoleAccessibility}), ` +
      `JS on / ≤ ${TARGETS.homeJsKb} KB gzipped (Lighthouse's default mobile profile, simulated throttling): ` +
      (ok ? 'met' : 'NOT met'),
  );
}

await main();
