import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consoleFetch,
  createConsoleKey,
  firstOrgId,
  signIn,
  type AccountsServer,
} from '../support/accounts-api';
import { startConsoleServer } from '../support/console-api';
import { eventually } from '../support/eventually';
import { dispatch, TASK, waitForEnd } from '../support/voice-api';
import { startWebhookReceiver } from '../support/webhook-receiver';

// The webhooks page pages through more deliveries than fit on one page: Older, then Newer back.
const MADE = 130;

let accounts: AccountsServer;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let base: string;
let orgId: string;
let cookie: string;

beforeAll(async () => {
  [accounts, hooks] = await Promise.all([startConsoleServer(), startWebhookReceiver()]);
  base = accounts.server.url;
  cookie = await signIn(accounts, `hooks-${Date.now()}@example.com`);
  orgId = await firstOrgId(base, cookie);
  const { api_key: apiKey } = await createConsoleKey(base, cookie, orgId, [
    'calls:read',
    'calls:write',
  ]);
  const callId = await dispatch(base, apiKey, {
    phone_number: '+14155550123',
    task: TASK,
    webhook: hooks.url,
  });
  await waitForEnd(base, apiKey, callId);
  // The call's own delivery plus "Send again" until there are MADE deliveries in the org.
  for (let i = 1; i < MADE; i++) {
    const resend = await consoleFetch(
      base,
      cookie,
      'POST',
      `/console/api/orgs/${orgId}/calls/${callId}/webhooks/resend`,
    );
    expect(resend.status).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  await accounts?.dispose();
  await hooks?.close();
});

interface ListedPage {
  ids: string[];
  older: string | null;
  newer: string | null;
  html: string;
}

const unescape = (href: string) => href.replaceAll('&amp;', '&');

async function open(query: string): Promise<ListedPage> {
  const response = await fetch(`${base}/console/orgs/${orgId}/webhooks${query}`, {
    headers: { cookie },
  });
  expect(response.status).toBe(200);
  const html = await response.text();
  const link = (text: string) => {
    const href = new RegExp(`<a href="([^"]*)"[^>]*>${text}</a>`).exec(html)?.[1];
    return href === undefined ? null : unescape(href);
  };
  return {
    ids: [...html.matchAll(/data-delivery-id="([^"]+)"/g)].map((m) => m[1]!),
    older: link('Older'),
    newer: link('Newer'),
    html,
  };
}

describe('webhook deliveries, more than one page', () => {
  it('shows the newest 100, then the older ones, then back to the newer ones', async () => {
    const newest = await open('');
    expect(newest.ids).toHaveLength(100);
    expect(newest.newer).toBeNull();
    expect(newest.older).toMatch(/^\?cursor=/);

    const older = await open(newest.older!);
    expect(older.ids).toHaveLength(MADE - 100);
    expect(older.older).toBeNull();
    expect(new Set([...newest.ids, ...older.ids]).size).toBe(MADE);

    const back = await open(older.newer!);
    expect(back.ids).toEqual(newest.ids);
    expect(back.newer).toBeNull();
  });

  it('keeps the status filter across pages, and a broken cursor is a message, not an error', async () => {
    // Every delivery reaches the receiver, so in time all of them are listed as delivered. Both
    // pages are read afresh each time: a first page read while newer deliveries were still
    // pending would put its cursor further back than the final one.
    const { delivered, rest } = await eventually(async () => {
      const first = await open('?status=delivered');
      if (first.ids.length !== 100 || !first.older) return undefined;
      const second = await open(first.older);
      return second.ids.length === MADE - 100 ? { delivered: first, rest: second } : undefined;
    }, 60_000);
    expect(delivered.older).toContain('status=delivered');
    expect(new Set([...delivered.ids, ...rest.ids]).size).toBe(MADE);
    expect(rest.newer).toContain('status=delivered');
    const broken = await open('?cursor=not-a-cursor');
    expect(broken.ids).toEqual([]);
    expect(broken.html).toContain('cursor is not a cursor this page handed out.');
  }, 120_000);
});
