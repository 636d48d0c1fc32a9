import { appendFileSync, copyFileSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClockFile, FIXED_CLOCK_PRELOAD } from './clock-file';
import { launchChromium, type RunningBrowser } from './browser';
import { ADMIN_TOKEN } from './http';
import { startServer, type RunningServer } from './server';
import { startForSuite } from './start-for-suite';

/** A lead form only the e2e dataset has: a scheduler embed with a URL and prefill fields. */
export const SCHEDULER_FORM = {
  _id: 'leadform-book-a-call',
  _type: 'leadForm',
  title: 'Book a call',
  slug: { _type: 'slug', current: 'book-a-call' },
  fields: [
    { _key: 'f1', name: 'firstname', label: 'First name', type: 'text', required: true },
    { _key: 'f2', name: 'email', label: 'Work email', type: 'email', required: true },
    { _key: 'f3', name: 'company', label: 'Company', type: 'text' },
  ],
  requireBotCheck: false,
  postSubmit: {
    kind: 'default-scheduler',
    schedulerUrl: 'https://scheduler.example.com/voice-ai/intro',
    heading: 'Pick a time',
    minHeight: 640,
    prefillFields: ['email', 'firstname', 'company'],
  },
  gtmEventName: 'book_a_call_submitted',
};

export interface SiteServer {
  server: RunningServer;
  /** Moves the server's clock. Written to a side file, then renamed, so no read sees a half-written file. */
  clock: { set(iso: string): void };
}

/**
 * The built server on the embedded store (its own data dir, no Redis), the bundled dataset plus
 * SCHEDULER_FORM, the admin API on, and a clock file the test moves (starts at real time).
 */
export async function startSiteServer(): Promise<SiteServer> {
  const dataset = join(mkdtempSync(join(tmpdir(), 'e2e-dataset-')), 'dataset.ndjson');
  copyFileSync('content/dataset.ndjson', dataset);
  appendFileSync(dataset, JSON.stringify(SCHEDULER_FORM) + '\n');
  const clock = createClockFile(new Date().toISOString());
  const server = await startServer({
    preload: [FIXED_CLOCK_PRELOAD],
    env: { ...clock.env, CMS_DATASET: dataset, ADMIN_TOKEN },
  });
  const path = clock.env.TEST_CLOCK_FILE!;
  const set = (iso: string) => {
    if (Number.isNaN(Date.parse(iso))) throw new Error(`not a date-time: ${iso}`);
    writeFileSync(`${path}.next`, iso);
    renameSync(`${path}.next`, path);
  };
  return { server, clock: { set } };
}

export interface SiteInBrowser {
  site: SiteServer;
  chromium: RunningBrowser;
}

/** The site suites' start: the site server and Chromium, handed to `ready` before the file's tests. */
export function openSiteInBrowser(ready: (opened: SiteInBrowser) => void): void {
  const start = async () => {
    const [site, chromium] = await Promise.all([startSiteServer(), launchChromium()]);
    return { site, chromium };
  };
  const dispose = (opened: SiteInBrowser) =>
    Promise.all([opened.chromium.close(), opened.site.server.stop()]);
  startForSuite(start, dispose, ready);
}
