import { expect } from 'vitest';
import { authPost, consoleFetch, cookieHeader } from './accounts-api';
import { ADMIN_TOKEN, admin } from './http';
import type { StartOptions } from './server';
import { startForSuite } from './start-for-suite';
import { startVoiceServerWithOrg, type TestOrg, type VoiceServer } from './voice-api';

// Members who approve OAuth clients on the consent page. The OAuth suites run without an SMTP
// server, so the codes and invitations are read from the embedded mailer's outbox (admin API).

interface Outbox {
  messages: { to: string; subject: string; text: string }[];
}

async function newestMail(base: string, to: string, pattern: RegExp): Promise<string> {
  const outbox = (await admin(base, '/internal/mail')) as Outbox;
  const found = outbox.messages
    .filter((m) => m.to.includes(to))
    .map((m) => pattern.exec(m.text)?.[1])
    .find(Boolean);
  expect(found, `a message to ${to} matching ${pattern}`).toBeDefined();
  return found!;
}

/** Signs `email` in (signing up when new) by the code the outbox holds; their session cookie. */
export async function signInByOutbox(base: string, email: string): Promise<string> {
  const sent = await authPost(base, '/auth/email-otp/send-verification-otp', {
    email,
    type: 'sign-in',
  });
  expect(sent.status).toBe(200);
  const code = await newestMail(base, email, /code is (\d{6})/);
  const verified = await authPost(base, '/auth/sign-in/email-otp', { email, otp: code });
  expect(verified.status).toBe(200);
  return cookieHeader(verified);
}

/** A signed-in member of an org made by the admin API (invited with `role`, then accepted). */
export async function signInMember(
  base: string,
  orgId: string,
  email: string,
  role: 'owner' | 'admin' | 'developer' | 'viewer' = 'owner',
): Promise<string> {
  const invited = await fetch(`${base}/internal/orgs/${orgId}/invitations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  });
  expect(invited.status, await invited.clone().text()).toBe(201);
  const token = await newestMail(base, email, /invitations\/accept\?token=([A-Za-z0-9_-]+)/);
  const cookie = await signInByOutbox(base, email);
  const accepted = await consoleFetch(base, cookie, 'POST', '/console/api/invitations/accept', {
    token,
  });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  return cookie;
}

export interface OwnerStart {
  server: VoiceServer;
  org: TestOrg;
  cookie: string;
}

/** The OAuth suites' start: a built server, an org made by the admin API, its owner signed in. */
export async function startWithOwner(
  email: string,
  options: StartOptions = {},
): Promise<OwnerStart> {
  const { server, org } = await startVoiceServerWithOrg(options);
  return { server, org, cookie: await signInMember(server.url, org.orgId, email) };
}

/** startWithOwner before the file's tests (handed to `ready`), the server disposed after them. */
export function ownerForFile(
  email: string,
  options: StartOptions,
  ready: (started: OwnerStart) => void,
): void {
  const start = () => startWithOwner(email, options);
  startForSuite(start, (started) => started.server.dispose(), ready);
}

/** Lets the authorization server fetch Client ID Metadata Documents served over loopback http. */
export const CIMD_OVER_LOOPBACK: StartOptions = {
  env: { OAUTH_CIMD_ALLOW_INSECURE_LOOPBACK: 'true' },
};
