import { adminCli } from '../support/admin-cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authPost,
  cookieHeader,
  readSignInMail,
  signIn,
  startAccountsServer,
  type AccountsServer,
} from '../support/accounts-api';
import { expectError, nextIp } from '../support/leads-api';
import { startVoiceServer, orgDetail, type VoiceServer } from '../support/voice-api';

let accounts: AccountsServer;
let base: string;
beforeAll(async () => {
  accounts = await startAccountsServer();
  base = accounts.server.url;
});
afterAll(() => accounts?.dispose());

const SEND = '/auth/email-otp/send-verification-otp';
const VERIFY = '/auth/sign-in/email-otp';
let n = 0;
const freshEmail = () => `person${++n}-${Date.now()}@example.com`;

async function requestCode(email: string, ip = nextIp()) {
  const sent = await authPost(base, SEND, { email, type: 'sign-in' }, { ip });
  expect(sent.status).toBe(200);
  return readSignInMail(await accounts.smtp.next(email));
}

describe('sign-up by email', () => {
  it('mails a link and a code in one message; the link GET consumes nothing, the POST signs in', async () => {
    const email = freshEmail();
    const sent = await authPost(base, SEND, { email, type: 'sign-in' });
    expect(sent.status).toBe(200);
    const mail = await accounts.smtp.next(email);
    expect(mail.from).toBe('login@voice.test');
    const { code, link } = readSignInMail(mail);
    expect(mail.subject).toContain(code);
    expect(new URL(link).origin).toBe(base);

    // A mail scanner opening the link twice: a page with a Continue button, nothing used.
    for (let i = 0; i < 2; i += 1) {
      const page = await fetch(link);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Continue');
      expect(page.headers.getSetCookie().join()).not.toContain('session_token');
    }

    const signedIn = await authPost(base, VERIFY, { email, otp: code, name: 'Ada Lovelace' });
    expect(signedIn.status).toBe(200);
    const session = signedIn.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i); // plain http here; https origins get Secure

    const consolePage = await fetch(`${base}/console?list`, {
      headers: { cookie: cookieHeader(signedIn) },
    });
    expect(consolePage.status).toBe(200);
    const html = await consolePage.text();
    expect(html).toContain(email);
    expect(html).toContain('Ada Lovelace&#x27;s organization');
    expect(html).toMatch(/data-testid="org-role">owner</);

    // The personal organization is an organizations row like an admin-created one.
    const orgId = /<code>([0-9a-f-]{36})<\/code>/.exec(html)?.[1];
    expect(orgId).toBeDefined();
    // The owner sees the org's audit log, on its own page.
    const audit = await fetch(`${base}/console/orgs/${orgId}/audit`, {
      headers: { cookie: cookieHeader(signedIn) },
    });
    expect(await audit.text()).toContain('member.add');
    const detail = await orgDetail(base, orgId!);
    expect(detail.wallet.starting_credit_usd).toBe(1);
    expect(detail.wallet.deposits_usd).toBe(0);
    // One organization: /console opens its Overview (the list stays at /console?list).
    const home = await fetch(`${base}/console`, {
      headers: { cookie: cookieHeader(signedIn) },
      redirect: 'manual',
    });
    expect([303, 307, 308]).toContain(home.status);
    expect(new URL(home.headers.get('location')!, base).pathname).toBe(`/console/orgs/${orgId}`);
  });

  it('a code works once', async () => {
    const email = freshEmail();
    const { code } = await requestCode(email);
    expect((await authPost(base, VERIFY, { email, otp: code })).status).toBe(200);
    await expectError(await authPost(base, VERIFY, { email, otp: code }), 400, 'INVALID_CODE');
  });

  it('five wrong codes burn the code', async () => {
    const email = freshEmail();
    const { code } = await requestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      await expectError(await authPost(base, VERIFY, { email, otp: wrong }), 400, 'INVALID_CODE');
    await expectError(await authPost(base, VERIFY, { email, otp: code }), 400, 'INVALID_CODE');
  });

  it('a code expires after 15 minutes', async () => {
    const email = freshEmail();
    const { code } = await requestCode(email);
    accounts.clock.set('2026-03-02T10:16:00.000Z');
    try {
      await expectError(await authPost(base, VERIFY, { email, otp: code }), 400, 'INVALID_CODE');
    } finally {
      accounts.clock.set('2026-03-02T10:00:00.000Z');
    }
  });

  it('signing in again reaches the same user and organization (no second org)', async () => {
    const email = freshEmail();
    const first = await signIn(accounts, email);
    const second = await signIn(accounts, email);
    const rows = async (cookie: string) =>
      (await (await fetch(`${base}/console?list`, { headers: { cookie } })).text()).match(
        /data-testid="org-row"/g,
      )?.length;
    expect(await rows(first)).toBe(1);
    expect(await rows(second)).toBe(1);
  });

  it('the console sends a signed-out visitor to /sign-in', async () => {
    const response = await fetch(`${base}/console`, { redirect: 'manual' });
    expect([303, 307, 308]).toContain(response.status);
    expect(response.headers.get('location')).toContain('/sign-in');
  });
});

describe('closed doors', () => {
  it("codes are only for signing in; the plugin's other endpoints are off", async () => {
    await expectError(
      await authPost(base, SEND, { email: freshEmail(), type: 'forget-password' }),
      400,
      'AUTH_REJECTED',
    );
    for (const path of ['/auth/email-otp/check-verification-otp', '/auth/email-otp/verify-email'])
      await expectError(
        await authPost(base, path, { email: freshEmail(), otp: '123456', type: 'sign-in' }),
        404,
        'NOT_FOUND',
      );
  });
});

describe('no enumeration', () => {
  it('answers the same for a known and an unknown address', async () => {
    const known = freshEmail();
    await signIn(accounts, known);
    const a = await authPost(base, SEND, { email: known, type: 'sign-in' });
    const b = await authPost(base, SEND, { email: freshEmail(), type: 'sign-in' });
    expect(a.status).toBe(b.status);
    expect(await a.text()).toBe(await b.text());
  });
});

describe('rate limits', () => {
  it('per address: the sixth message in 15 minutes is 429 with Retry-After', async () => {
    const email = freshEmail();
    for (let i = 0; i < 5; i += 1)
      expect((await authPost(base, SEND, { email, type: 'sign-in' })).status).toBe(200);
    const refused = await authPost(base, SEND, { email, type: 'sign-in' });
    await expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('per IP: the 21st message in an hour is 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i += 1)
      expect(
        (await authPost(base, SEND, { email: freshEmail(), type: 'sign-in' }, { ip })).status,
      ).toBe(200);
    const refused = await authPost(base, SEND, { email: freshEmail(), type: 'sign-in' }, { ip });
    await expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('per IP on code attempts: the 31st try in 15 minutes is 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i += 1)
      await authPost(base, VERIFY, { email: freshEmail(), otp: '123456' }, { ip });
    const refused = await authPost(base, VERIFY, { email: freshEmail(), otp: '123456' }, { ip });
    await expectError(refused, 429, 'TOO_MANY_REQUESTS');
  });
});

describe('embedded mailer', () => {
  let plain: VoiceServer;
  beforeAll(async () => {
    plain = await startVoiceServer();
  });
  afterAll(() => plain?.dispose());

  it('prints the message on the console and npm run admin -- mail lists it', async () => {
    const email = freshEmail();
    const sent = await authPost(plain.url, SEND, { email, type: 'sign-in' });
    expect(sent.status).toBe(200);
    expect(plain.logs()).toMatch(/mail: embedded/);
    expect(plain.logs()).toContain(`mail to ${email}`);
    expect(plain.logs()).toMatch(/link: http:\/\/127\.0\.0\.1:\d+\/sign-in\/verify\?/);
    const stdout = await adminCli(plain.url, 'mail');
    expect(stdout).toContain(`to ${email}`);
    expect(stdout).toMatch(/Your sign-in code is \d{6}/);
  });
});
