import { expect } from 'vitest';
import { consoleFetch, signIn, type AccountsServer } from './accounts-api';
import { createClockFile } from './clock-file';
import { createTeam, freshEmail, joinOrg as joinTeam, ROLES, type Role } from './org-team';
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

/** A new member of the org in `role` (at `email`, or a fresh address); returns their cookie. */
export const joinOrg = (
  accounts: AccountsServer,
  ownerCookie: string,
  orgId: string,
  role: Exclude<Role, 'owner'>,
  email = freshEmail(role),
): Promise<string> => joinTeam(accounts, { cookie: ownerCookie, orgId }, email, role);

export type ConsoleRole = Role;
export const consoleRoles = ROLES;

/** A new owner's org with one signed-in member of each other role, and a signed-in outsider. */
export async function orgWithEveryRole(accounts: AccountsServer): Promise<{
  orgId: string;
  cookies: Record<Role, string>;
  outsider: string;
}> {
  const { orgId, cookies } = await createTeam(accounts);
  return { orgId, cookies, outsider: await signIn(accounts, freshEmail('outsider')) };
}
