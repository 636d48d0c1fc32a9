import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyScopes, routeScopes } from '@/lib/accounts/access/permissions';
import { consoleFetch, START, startWithOwnOrg, type OwnOrgServer } from '../support/accounts-api';
import { admin, eventually, expectError } from '../support/leads-api';
import { createTestOrg } from '../support/voice-api';

const at = (offsetMs: number) => new Date(Date.parse(START) + offsetMs).toISOString();

// Set by beforeAll.
let { accounts, base, cookie, orgId, createKey, withKey } = {} as OwnOrgServer;
beforeAll(async () => {
  ({ accounts, base, cookie, orgId, createKey, withKey } = await startWithOwnOrg('keys'));
});
afterAll(() => accounts?.dispose());

const keyDetail = async (keyId: string) => {
  const detail = (await admin(base, `/internal/orgs/${orgId}`)) as {
    api_keys: { key_id: string; last_used_at: string | null; last_used_ip: string | null }[];
  };
  return detail.api_keys.find((k) => k.key_id === keyId);
};

describe('scopes', () => {
  const concrete = (path: string) => path.replace(/\{[a-z_]+\}/g, randomUUID());

  it('every route refuses a key without its scope (403 INSUFFICIENT_SCOPE naming it) and passes one with it', async () => {
    const keys = Object.fromEntries(
      await Promise.all(
        apiKeyScopes.map(async (scope) => [
          scope,
          // Without the scope and any that includes it (mcp:write includes mcp:read).
          await createKey(
            apiKeyScopes.filter((s) => s !== scope && !(scope === 'mcp:read' && s === 'mcp:write')),
          ),
        ]),
      ),
    ) as Record<string, { api_key: string }>;
    const only = Object.fromEntries(
      await Promise.all(apiKeyScopes.map(async (scope) => [scope, await createKey([scope])])),
    ) as Record<string, { api_key: string }>;
    for (const route of routeScopes) {
      const path = concrete(route.path);
      const body = route.method === 'POST' ? {} : undefined;
      const refused = await withKey(keys[route.scope]!.api_key, route.method, path, body);
      const { envelope } = await expectError(refused, 403, 'INSUFFICIENT_SCOPE');
      expect(envelope.error.field, `${route.method} ${route.path}`).toBe(route.scope);
      expect(envelope.error.message).toContain(route.scope);
      const passed = await withKey(only[route.scope]!.api_key, route.method, path, body);
      expect([401, 403], `${route.method} ${route.path}: ${passed.status}`).not.toContain(
        passed.status,
      );
    }
  });

  it('keys made before scopes (admin-issued) keep full access', async () => {
    const old = await createTestOrg(base);
    expect((await withKey(old.apiKey, 'GET', '/v1/audit-log')).status).toBe(200);
    expect((await withKey(old.apiKey, 'GET', '/v1/calls')).status).toBe(200);
  });

  it('rejects unknown scopes and bad bodies with the envelope', async () => {
    const path = `/console/api/orgs/${orgId}/keys`;
    for (const body of [
      { name: 'x', scopes: ['billing:admin'] },
      { name: '', scopes: ['speech'] },
      { scopes: [] },
      'nope',
    ]) {
      await expectError(await consoleFetch(base, cookie, 'POST', path, body), 400, 'INVALID_BODY');
    }
  });
});

describe('lifecycle', () => {
  it('rotation keeps the old secret valid until the grace ends, then 401; same key id', async () => {
    const key = await createKey(['calls:read']);
    const rotated = await consoleFetch(
      base,
      cookie,
      'POST',
      `/console/api/orgs/${orgId}/keys/${key.key_id}/rotate`,
      {
        grace_hours: 1,
      },
    );
    expect(rotated.status).toBe(200);
    const fresh = (await rotated.json()) as {
      key_id: string;
      api_key: string;
      previous_secret_valid_until: string;
    };
    expect(fresh.key_id).toBe(key.key_id);
    expect(fresh.api_key).not.toBe(key.api_key);
    expect(fresh.previous_secret_valid_until).toBe(at(3_600_000));
    expect((await withKey(key.api_key, 'GET', '/v1/calls')).status).toBe(200);
    expect((await withKey(fresh.api_key, 'GET', '/v1/calls')).status).toBe(200);
    accounts.clock.set(at(3_600_000 + 1000));
    try {
      await expectError(await withKey(key.api_key, 'GET', '/v1/calls'), 401, 'UNAUTHENTICATED');
      expect((await withKey(fresh.api_key, 'GET', '/v1/calls')).status).toBe(200);
    } finally {
      accounts.clock.set(START);
    }
  });

  it('rotation with no grace ends the old secret at once; more than 72 h is refused', async () => {
    const key = await createKey(['calls:read']);
    const path = `/console/api/orgs/${orgId}/keys/${key.key_id}/rotate`;
    await expectError(
      await consoleFetch(base, cookie, 'POST', path, { grace_hours: 73 }),
      400,
      'INVALID_BODY',
    );
    expect((await consoleFetch(base, cookie, 'POST', path, { grace_hours: 0 })).status).toBe(200);
    await expectError(await withKey(key.api_key, 'GET', '/v1/calls'), 401, 'UNAUTHENTICATED');
  });

  it('revoking is immediate, old secrets in grace included', async () => {
    const key = await createKey(['calls:read']);
    const rotated = (await (
      await consoleFetch(
        base,
        cookie,
        'POST',
        `/console/api/orgs/${orgId}/keys/${key.key_id}/rotate`,
        { grace_hours: 24 },
      )
    ).json()) as { api_key: string };
    expect(
      (await consoleFetch(base, cookie, 'DELETE', `/console/api/orgs/${orgId}/keys/${key.key_id}`))
        .status,
    ).toBe(200);
    await expectError(await withKey(key.api_key, 'GET', '/v1/calls'), 401, 'UNAUTHENTICATED');
    await expectError(await withKey(rotated.api_key, 'GET', '/v1/calls'), 401, 'UNAUTHENTICATED');
  });

  it('an expiring key stops working at its expiry', async () => {
    const key = await createKey(['calls:read'], { expires_in_days: 1 });
    expect((await withKey(key.api_key, 'GET', '/v1/calls')).status).toBe(200);
    accounts.clock.set(at(86_400_000 + 1000));
    try {
      await expectError(await withKey(key.api_key, 'GET', '/v1/calls'), 401, 'UNAUTHENTICATED');
    } finally {
      accounts.clock.set(START);
    }
  });

  it('last use (time and IP) is written at most once a minute per key', async () => {
    const key = await createKey(['calls:read']);
    expect((await keyDetail(key.key_id))?.last_used_at).toBeNull();
    accounts.clock.set(at(10_000));
    try {
      await withKey(key.api_key, 'GET', '/v1/calls');
      const first = await eventually(
        async () => (await keyDetail(key.key_id))?.last_used_at ?? undefined,
      );
      expect(first).toBe(at(10_000));
      expect((await keyDetail(key.key_id))?.last_used_ip).toBe('203.0.113.9');
      accounts.clock.set(at(50_000));
      for (let i = 0; i < 5; i += 1) await withKey(key.api_key, 'GET', '/v1/calls');
      accounts.clock.set(at(69_000));
      await withKey(key.api_key, 'GET', '/v1/calls');
      // A barrier, not a sleep: another key's first use is written after any write the request
      // above queued (the embedded database runs one statement at a time, in order).
      const other = await createKey(['calls:read']);
      await withKey(other.api_key, 'GET', '/v1/calls');
      await eventually(async () => (await keyDetail(other.key_id))?.last_used_at ?? undefined);
      expect((await keyDetail(key.key_id))?.last_used_at).toBe(at(10_000));
      accounts.clock.set(at(71_000));
      await withKey(key.api_key, 'GET', '/v1/calls');
      await eventually(async () =>
        (await keyDetail(key.key_id))?.last_used_at === at(71_000) ? true : undefined,
      );
    } finally {
      accounts.clock.set(START);
    }
  });
});
