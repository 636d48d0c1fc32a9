import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  authPost,
  firstOrgId,
  readSignInMail,
  signIn,
  startAccountsServer,
  type AccountsServer,
} from '../../support/accounts-api';
import { nextIp } from '../../support/leads-api';
import { freshEmail } from '../../support/org-team';
import { startForSuite } from '../../support/start-for-suite';

// The attack: with PUBLIC_SITE_URL unset, a request for someone's sign-in code with
// `Host: evil.example` had the code mailed to them as a link to http://evil.example/sign-in/verify
// (X-Forwarded-Proto: https made it https). One click hands the code to the attacker, who signs
// in as them on the real host. Links now come from configuration (or the listening origin), and
// a request to a host that is not ours mails nothing: 400 UNKNOWN_HOST.

interface Answer {
  status: number;
  body: { error?: { code: string; status: number } };
}

/** A POST with headers fetch() will not send as given (Host above all). */
function rawPost(base: string, path: string, headers: Record<string, string>, body: unknown) {
  const data = JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      new URL(path, base),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(data)),
          'x-forwarded-for': nextIp(),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }),
        );
      },
    );
    req.on('error', reject).end(data);
  });
}

const SEND = '/auth/email-otp/send-verification-otp';

function expectRefused(answer: Answer) {
  expect(answer.status).toBe(400);
  expect(answer.body.error).toMatchObject({ code: 'UNKNOWN_HOST', status: 400 });
}

/** The next mail to `email` links to our origin, and nothing mailed anywhere names evil.example. */
async function expectOnlyOurLinks(accounts: AccountsServer, email: string) {
  const sent = await authPost(accounts.server.url, SEND, { email, type: 'sign-in' });
  expect(sent.status).toBe(200);
  const { link } = readSignInMail(await accounts.smtp.next(email));
  expect(link.startsWith(`${accounts.server.url}/sign-in/verify?`)).toBe(true);
  for (const mail of accounts.smtp.received) expect(mail.text + mail.html).not.toMatch(/evil/);
}

describe('without TRUST_PROXY', () => {
  let accounts: AccountsServer;
  let host: string;
  startForSuite(
    () => startAccountsServer({ TRUST_PROXY: 'false' }),
    (started) => started.dispose(),
    (started) => {
      accounts = started;
      host = new URL(started.server.url).host;
    },
  );

  it('mails no sign-in link for a forged Host, X-Forwarded-Host and -Proto or not', async () => {
    const email = freshEmail('victim');
    const body = { email, type: 'sign-in' };
    expectRefused(await rawPost(accounts.server.url, SEND, { host: 'evil.example' }, body));
    expectRefused(
      await rawPost(
        accounts.server.url,
        SEND,
        { host: 'evil.example', 'x-forwarded-proto': 'https' },
        body,
      ),
    );
    // Without a trusted proxy, X-Forwarded-Host is nobody's word: the Host decides, and is forged.
    expectRefused(
      await rawPost(
        accounts.server.url,
        SEND,
        { host: 'evil.example', 'x-forwarded-host': host, 'x-forwarded-proto': 'https' },
        body,
      ),
    );
    await expectOnlyOurLinks(accounts, email);
  });

  it('mails our origin to a request at another name of ours (localhost), proto header ignored', async () => {
    const email = freshEmail('alias');
    const port = new URL(accounts.server.url).port;
    const sent = await rawPost(
      accounts.server.url,
      SEND,
      { host: `localhost:${port}`, 'x-forwarded-proto': 'https' },
      { email, type: 'sign-in' },
    );
    expect(sent.status).toBe(200);
    const { link } = readSignInMail(await accounts.smtp.next(email));
    expect(link.startsWith(`${accounts.server.url}/sign-in/verify?`)).toBe(true);
  });

  it('mails no invitation for a forged Host; the invitation it mails links to our origin', async () => {
    const cookie = await signIn(accounts, freshEmail('inviter'));
    const orgId = await firstOrgId(accounts.server.url, cookie);
    const invitee = freshEmail('invitee');
    const path = `/console/api/orgs/${orgId}/invitations`;
    const body = { email: invitee, role: 'developer' };
    const forged = await rawPost(
      accounts.server.url,
      path,
      { host: 'evil.example', origin: 'http://evil.example', cookie },
      body,
    );
    expectRefused(forged);
    const invited = await rawPost(
      accounts.server.url,
      path,
      { origin: accounts.server.url, cookie },
      body,
    );
    expect(invited.status).toBe(201);
    const mail = await accounts.smtp.next(invitee);
    const link = /(https?:\/\/\S+\/invitations\/accept\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link?.startsWith(`${accounts.server.url}/invitations/accept?`), mail.text).toBe(true);
    expect(accounts.smtp.received.filter((m) => m.to.includes(invitee))).toHaveLength(1);
  });

  it('hands page JavaScript no session token: lists and ends sessions by id', async () => {
    const email = freshEmail('sessions');
    const laptop = await signIn(accounts, email);
    const phone = await signIn(accounts, email);
    const get = (path: string, cookie: string) =>
      fetch(accounts.server.url + path, { headers: { cookie } });
    const listed = await get('/auth/list-sessions', phone);
    expect(listed.status).toBe(200);
    const text = await listed.text();
    const rows = JSON.parse(text) as { id: string; token?: string }[];
    expect(rows).toHaveLength(2);
    expect(text).not.toMatch(/"token"/);
    for (const row of rows) expect(row).not.toHaveProperty('token');
    const current = await (await get('/auth/get-session', phone)).text();
    expect(current).toContain('"session"');
    expect(current).not.toMatch(/"token"/);

    // End the laptop's session from the phone, by id: the laptop is signed out.
    const laptopSession = JSON.parse(await (await get('/auth/get-session', laptop)).text()) as {
      session: { id: string };
    };
    const ended = await authPost(
      accounts.server.url,
      '/auth/revoke-session',
      { id: laptopSession.session.id },
      { cookie: phone },
    );
    expect(ended.status).toBe(200);
    const after = JSON.parse(await (await get('/auth/list-sessions', phone)).text()) as unknown[];
    expect(after).toHaveLength(1);
    const unknown = await authPost(
      accounts.server.url,
      '/auth/revoke-session',
      { id: 'no-such-session' },
      { cookie: phone },
    );
    expect(unknown.status).toBe(404);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  let accounts: AccountsServer;
  startForSuite(
    () => startAccountsServer({ TRUST_PROXY: 'true' }),
    (started) => started.dispose(),
    (started) => (accounts = started),
  );

  it('reads X-Forwarded-Host, refuses one not ours, and still mails our origin', async () => {
    const email = freshEmail('proxied');
    const body = { email, type: 'sign-in' };
    const internal = { host: 'app-7.internal:3000' };
    expectRefused(
      await rawPost(
        accounts.server.url,
        SEND,
        { ...internal, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        body,
      ),
    );
    const port = new URL(accounts.server.url).port;
    const sent = await rawPost(
      accounts.server.url,
      SEND,
      { ...internal, 'x-forwarded-host': `localhost:${port}`, 'x-forwarded-proto': 'https' },
      body,
    );
    expect(sent.status).toBe(200);
    const { link } = readSignInMail(await accounts.smtp.next(email));
    expect(link.startsWith(`${accounts.server.url}/sign-in/verify?`)).toBe(true);
    for (const mail of accounts.smtp.received) expect(mail.text).not.toMatch(/evil|internal/);
  });
});
