import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consoleFetch,
  signIn,
  START,
  startWithOwnOrg,
  type OwnOrgServer,
} from '../support/accounts-api';
import { admin, expectError, nextIp } from '../support/leads-api';

// Set by beforeAll.
let { accounts, base, cookie, orgId } = {} as OwnOrgServer;
// This file's server clock only moves forward (polls compare with the last poll's time).
let nowMs = Date.parse(START);
const advance = (ms: number) => {
  nowMs += ms;
  accounts.clock.set(new Date(nowMs).toISOString());
};

beforeAll(async () => {
  ({ accounts, base, cookie, orgId } = await startWithOwnOrg('agent-owner'));
});
afterAll(() => accounts?.dispose());

const post = (path: string, body?: unknown, ip = '192.0.2.10') =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

interface Started {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

async function start(clientName?: string): Promise<Started> {
  const response = await post(
    '/v1/agent/onboarding/start',
    clientName ? { client_name: clientName } : undefined,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Started;
}

async function poll(deviceCode: string) {
  return post('/v1/agent/onboarding/poll', { device_code: deviceCode });
}

const decide = (body: Record<string, unknown>, who = cookie) =>
  consoleFetch(base, who, 'POST', '/console/api/agent/decide', body);

describe('agent onboarding', () => {
  it('starts with the RFC 8628 fields', async () => {
    const started = await start('Claude Code');
    expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(started.device_code.length).toBeGreaterThanOrEqual(40);
    expect(started.expires_in).toBe(600);
    expect(started.interval).toBe(5);
    expect(started.verification_uri).toBe(`${base}/console/device`);
    expect(started.verification_uri_complete).toBe(
      `${base}/console/device?user_code=${started.user_code}`,
    );
    await expectError(
      await post('/v1/agent/onboarding/start', { client_name: 'x'.repeat(65) }),
      400,
      'INVALID_BODY',
    );
  });

  it('pending → slow_down (interval + 5 s) → approved with the key once → consumed', async () => {
    const started = await start('Claude Code');
    expect(await (await poll(started.device_code)).json()).toEqual({ status: 'pending' });
    const tooSoon = await poll(started.device_code);
    await expectError(tooSoon, 429, 'SLOW_DOWN');
    expect(tooSoon.headers.get('retry-after')).toBe('10');
    advance(6_000); // the interval is now 10 s
    await expectError(await poll(started.device_code), 429, 'SLOW_DOWN');
    advance(15_000 + 1);

    // The verification page shows the client's name and the code to a signed-in owner.
    const page = await fetch(started.verification_uri_complete, { headers: { cookie } });
    const html = await page.text();
    expect(html).toContain('Claude Code');
    expect(html).toContain(started.user_code);

    const approved = await decide({
      user_code: started.user_code,
      decision: 'approve',
      org_id: orgId,
      scopes: ['calls:read', 'calls:write', 'speech', 'voices:read', 'mcp:read', 'mcp:write'],
    });
    expect(approved.status).toBe(200);
    expect(JSON.stringify(await approved.json())).not.toContain('vai_sk_');

    const answer = (await (await poll(started.device_code)).json()) as {
      status: string;
      api_key: string;
      org_id: string;
      scopes: string[];
    };
    expect(answer).toMatchObject({ status: 'approved', org_id: orgId });
    expect(answer.scopes).toEqual([
      'calls:read',
      'calls:write',
      'speech',
      'voices:read',
      'mcp:read',
      'mcp:write',
    ]);
    expect(answer.api_key).toMatch(/^vai_sk_/);
    const calls = await fetch(`${base}/v1/calls`, {
      headers: { authorization: `Bearer ${answer.api_key}` },
    });
    expect(calls.status).toBe(200);

    advance(20_000);
    expect(await (await poll(started.device_code)).json()).toEqual({ status: 'consumed' });

    // The console lists it as an agent key with its client name; no secret anywhere.
    const keys = (await (
      await consoleFetch(base, cookie, 'GET', `/console/api/orgs/${orgId}/keys`)
    ).json()) as {
      keys: { agent_client_name: string | null }[];
    };
    expect(keys.keys.map((k) => k.agent_client_name)).toContain('Claude Code');
    expect(JSON.stringify(keys)).not.toContain(answer.api_key);
  });

  it('denied', async () => {
    const started = await start();
    expect(
      (await decide({ user_code: started.user_code.toLowerCase(), decision: 'deny' })).status,
    ).toBe(200);
    expect(await (await poll(started.device_code)).json()).toEqual({ status: 'denied' });
    await expectError(
      await decide({ user_code: started.user_code, decision: 'deny' }),
      409,
      'ONBOARDING_NOT_PENDING',
    );
  });

  it('expired after 600 s; then it cannot be approved', async () => {
    const started = await start();
    advance(601_000);
    expect(await (await poll(started.device_code)).json()).toEqual({ status: 'expired' });
    await expectError(
      await decide({
        user_code: started.user_code,
        decision: 'approve',
        org_id: orgId,
        scopes: ['speech'],
      }),
      409,
      'ONBOARDING_NOT_PENDING',
    );
  });

  it('only a member allowed to approve can approve for an org', async () => {
    const started = await start();
    const outsider = await signIn(accounts, `outsider-${Date.now()}@example.com`);
    await expectError(
      await decide(
        { user_code: started.user_code, decision: 'approve', org_id: orgId, scopes: ['speech'] },
        outsider,
      ),
      404,
      'NOT_FOUND',
    );
  });

  it('a person may create an organization (they own it, no starting credit) and approve for it', async () => {
    const started = await start('New Org Agent');
    const created = await consoleFetch(base, cookie, 'POST', '/console/api/orgs', {
      name: 'Agents Inc',
    });
    expect(created.status).toBe(201);
    const { org_id: newOrg } = (await created.json()) as { org_id: string };
    const detail = (await admin(base, `/internal/orgs/${newOrg}`)) as {
      wallet: { starting_credit_usd: number };
    };
    expect(detail.wallet.starting_credit_usd).toBe(0);
    const listed = (await (
      await consoleFetch(base, cookie, 'GET', '/console/api/orgs')
    ).json()) as {
      orgs: { org_id: string; role: string }[];
    };
    expect(listed.orgs).toContainEqual({ org_id: newOrg, name: 'Agents Inc', role: 'owner' });
    expect(
      (
        await decide({
          user_code: started.user_code,
          decision: 'approve',
          org_id: newOrg,
          scopes: ['speech'],
        })
      ).status,
    ).toBe(200);
    advance(6_000);
    expect(await (await poll(started.device_code)).json()).toMatchObject({
      status: 'approved',
      org_id: newOrg,
      scopes: ['speech'],
    });
  });

  it('an unknown device code is 400 INVALID_DEVICE_CODE; a bad body 400 INVALID_BODY', async () => {
    await expectError(await poll('not-a-real-code'), 400, 'INVALID_DEVICE_CODE');
    await expectError(
      await post('/v1/agent/onboarding/poll', { device_code: 5 }),
      400,
      'INVALID_BODY',
    );
  });

  it('more than 600 requests a minute from one IP → 429 RATE_LIMITED with Retry-After', async () => {
    const ip = nextIp();
    for (let i = 0; i < 600; i += 1) {
      const response = await post('/v1/agent/onboarding/poll', { device_code: 7 }, ip);
      expect(response.status).toBe(400);
    }
    const refused = await post('/v1/agent/onboarding/start', undefined, ip);
    await expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await post('/v1/agent/onboarding/start', undefined, nextIp())).status).toBe(200);
  });

  it('the approval is in the audit log', async () => {
    const auditKey = (await (
      await consoleFetch(base, cookie, 'POST', `/console/api/orgs/${orgId}/keys`, {
        name: 'audit',
        scopes: ['audit:read'],
      })
    ).json()) as { api_key: string };
    const log = (await (
      await fetch(`${base}/v1/audit-log?action=agent.approve`, {
        headers: { authorization: `Bearer ${auditKey.api_key}` },
      })
    ).json()) as { events: { after: { client_name: string } }[] };
    expect(log.events[0]?.after.client_name).toBe('Claude Code');
  });
});
