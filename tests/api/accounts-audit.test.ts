import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleFetch, startWithOwnOrg, type OwnOrgServer } from '../support/accounts-api';
import { admin, depositUsd, expectError } from '../support/http';

// Set by beforeAll.
let { accounts, base, cookie, orgId, createKey, withKey } = {} as OwnOrgServer;
beforeAll(async () => {
  ({ accounts, base, cookie, orgId, createKey, withKey } = await startWithOwnOrg('audit'));
});
afterAll(() => accounts?.dispose());

describe('audit log', () => {
  it('records key, invitation, deposit and limit changes; newest first, paged, filtered', async () => {
    const auditor = await createKey(['audit:read']);
    const key = await createKey(['speech']);
    await consoleFetch(
      base,
      cookie,
      'POST',
      `/console/api/orgs/${orgId}/keys/${key.key_id}/rotate`,
      { grace_hours: 0 },
    );
    await consoleFetch(base, cookie, 'DELETE', `/console/api/orgs/${orgId}/keys/${key.key_id}`);
    await consoleFetch(base, cookie, 'POST', `/console/api/orgs/${orgId}/invitations`, {
      email: `audit-${Date.now()}@example.com`,
      role: 'developer',
    });
    await depositUsd(base, orgId, 5);
    await admin(base, `/internal/orgs/${orgId}/limits`, {
      method: 'PATCH',
      body: JSON.stringify({ concurrency: 7 }),
    });

    const all = (await (
      await withKey(auditor.api_key, 'GET', '/v1/audit-log?limit=200')
    ).json()) as {
      events: {
        id: string;
        action: string;
        actor: { type: string; id: string | null };
        target: { id: string } | null;
        after: unknown;
      }[];
    };
    const actions = all.events.map((e) => e.action);
    for (const action of [
      'member.add',
      'key.create',
      'key.rotate',
      'key.revoke',
      'invitation.create',
      'wallet.deposit',
      'org.limits',
    ])
      expect(actions, action).toContain(action);
    const ids = all.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(JSON.stringify(all.events)).not.toContain('vai_sk_');
    expect(all.events.find((e) => e.action === 'org.limits')?.actor).toEqual({
      type: 'admin',
      id: null,
    });

    const revoke = all.events.find((e) => e.action === 'key.revoke');
    expect(revoke?.target?.id).toBe(key.key_id);

    const filtered = (await (
      await withKey(auditor.api_key, 'GET', '/v1/audit-log?action=key.create')
    ).json()) as {
      events: { action: string }[];
    };
    expect(filtered.events.length).toBeGreaterThan(1);
    expect(new Set(filtered.events.map((e) => e.action))).toEqual(new Set(['key.create']));

    const userId = all.events.find((e) => e.action === 'key.create')!.actor.id!;
    const byActor = (await (
      await withKey(auditor.api_key, 'GET', `/v1/audit-log?actor=${userId}`)
    ).json()) as {
      events: { actor: { id: string } }[];
    };
    expect(byActor.events.every((e) => e.actor.id === userId)).toBe(true);

    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await (
        await withKey(
          auditor.api_key,
          'GET',
          `/v1/audit-log?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).json()) as { events: { id: string }[]; next_cursor: string | null };
      expect(page.events.length).toBeLessThanOrEqual(2);
      pages.push(...page.events.map((e) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages).toEqual(all.events.map((e) => e.id));

    await expectError(
      await withKey(auditor.api_key, 'GET', '/v1/audit-log?cursor=abc'),
      400,
      'INVALID_QUERY',
    );
  });
});
