import { createConsoleKey, signIn, type AccountsServer } from './accounts-api';
import { createClockFile } from './clock-file';
import { createTeam, freshEmail, joinOrg as joinTeam, type Role } from './org-team';
import { startSmtpReceiver } from './smtp-receiver';
import { dispatch, startVoiceServer, TASK, waitForEnd } from './voice-api';
import { startWebhookReceiver } from './webhook-receiver';

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

/** A new member of the org in `role` (at `email`, or a fresh address); returns their cookie. */
export const joinOrg = (
  accounts: AccountsServer,
  ownerCookie: string,
  orgId: string,
  role: Exclude<Role, 'owner'>,
  email = freshEmail(role),
): Promise<string> => joinTeam(accounts, { cookie: ownerCookie, orgId }, email, role);

/** A new owner's org with one signed-in member of each other role, and a signed-in outsider. */
export async function orgWithEveryRole(accounts: AccountsServer): Promise<{
  orgId: string;
  cookies: Record<Role, string>;
  outsider: string;
}> {
  const { orgId, cookies } = await createTeam(accounts);
  return { orgId, cookies, outsider: await signIn(accounts, freshEmail('outsider')) };
}

export interface RolesSuite {
  accounts: AccountsServer;
  hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  base: string;
  orgId: string;
  cookies: Record<Role, string>;
  outsider: string;
  /** A key the owner made in the console, with `scopes`. */
  apiKey: string;
  /** A call placed with that key that has ended, its webhook sent to `hooks`. */
  endedCall: string;
  dispose(): Promise<void>;
}

/** The start of the suites that try each console action by role: org, members, key, one ended call. */
export async function startRolesSuite(
  options: { scopes?: string[]; record?: boolean; env?: Record<string, string> } = {},
): Promise<RolesSuite> {
  const [accounts, hooks] = await Promise.all([
    startConsoleServer(options.env),
    startWebhookReceiver(),
  ]);
  const base = accounts.server.url;
  const { orgId, cookies, outsider } = await orgWithEveryRole(accounts);
  const scopes = options.scopes ?? ['calls:read', 'calls:write'];
  const { api_key: apiKey } = await createConsoleKey(base, cookies.owner, orgId, scopes);
  const endedCall = await dispatch(base, apiKey, {
    phone_number: '+14155550123',
    task: TASK,
    ...(options.record ? { record: true } : {}),
    webhook: hooks.url,
  });
  await waitForEnd(base, apiKey, endedCall);
  const dispose = async () => {
    await accounts.dispose();
    await hooks.close();
  };
  return { accounts, hooks, base, orgId, cookies, outsider, apiKey, endedCall, dispose };
}
