import { expect } from 'vitest';
import {
  consoleFetch,
  firstOrgId,
  invitationToken,
  signIn,
  type AccountsServer,
} from './accounts-api';
import { createClockFile } from './clock-file';
import { startSmtpReceiver } from './smtp-receiver';
import { startVoiceServer } from './voice-api';

/**
 * A built server for the console's tests: mail to a real SMTP server in process and the real
 * clock (calls run on the sandbox line at 10× speed, so a call lives ~3 s: long enough to stop).
 */
export async function startConsoleServer(
  env: Record<string, string> = {},
): Promise<AccountsServer> {
  const smtp = await startSmtpReceiver();
  const server = await startVoiceServer({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Voice AI <login@voice.test>',
      TRUST_PROXY: 'true',
      SANDBOX_TIME_SCALE: '10',
      WEBHOOK_ALLOW_IPS: '127.0.0.1',
      ...env,
    },
  });
  return {
    server,
    smtp,
    // Not read by the server (no fixed-clock preload); present for the shared type.
    clock: createClockFile(new Date().toISOString()),
    dispose: async () => {
      await server.dispose();
      await smtp.close();
    },
  };
}

/** A key for the member's org made through the console, as a developer would make one. */
export async function consoleKey(base: string, cookie: string, orgId: string): Promise<string> {
  const created = await consoleFetch(base, cookie, 'POST', `/console/api/orgs/${orgId}/keys`, {
    name: 'console tests',
    scopes: ['calls:read', 'calls:write'],
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { api_key: string }).api_key;
}

/** A new member of the org in `role` (at `email`, or a fresh address), invited by the owner and signed in; returns their cookie. */
export async function joinOrg(
  accounts: AccountsServer,
  ownerCookie: string,
  orgId: string,
  role: 'admin' | 'developer' | 'viewer',
  email = `${role}-${Math.random().toString(36).slice(2)}-${Date.now()}@example.com`,
): Promise<string> {
  const base = accounts.server.url;
  const path = `/console/api/orgs/${orgId}/invitations`;
  const invited = await consoleFetch(base, ownerCookie, 'POST', path, { email, role });
  expect(invited.status).toBe(201);
  const token = await invitationToken(accounts, email);
  const cookie = await signIn(accounts, email);
  const accepted = await consoleFetch(base, cookie, 'POST', '/console/api/invitations/accept', {
    token,
  });
  expect(accepted.status).toBe(200);
  return cookie;
}

export type ConsoleRole = 'owner' | 'admin' | 'developer' | 'viewer';
export const consoleRoles: ConsoleRole[] = ['owner', 'admin', 'developer', 'viewer'];

/** A new owner's org with one signed-in member of each other role, and a signed-in outsider. */
export async function orgWithEveryRole(accounts: AccountsServer): Promise<{
  orgId: string;
  cookies: Record<ConsoleRole, string>;
  outsider: string;
}> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const email = (label: string) => `${label}-${stamp}@example.com`;
  const owner = await signIn(accounts, email('owner'));
  const orgId = await firstOrgId(accounts.server.url, owner);
  const cookies = { owner } as Record<ConsoleRole, string>;
  for (const role of ['admin', 'developer', 'viewer'] as const)
    cookies[role] = await joinOrg(accounts, owner, orgId, role, email(role));
  return { orgId, cookies, outsider: await signIn(accounts, email('outsider')) };
}
