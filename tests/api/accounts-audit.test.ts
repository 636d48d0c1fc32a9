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

  it('records who started each manual top-up (amount, checkout) and its crediting (PaymentIntent)', async () => {
    const auditor = await createKey(['audit:read']);
    const payer = await createKey(['billing:write']);
    const byKey = await withKey(payer.api_key, 'POST', '/v1/billing/top-ups', { amount_usd: 5 });
    expect(byKey.status).toBe(201);
    const keyTopUp = (await byKey.json()) as { top_up_id: string };
    const byConsole = await consoleFetch(
      base,
      cookie,
      'POST',
      `/console/api/orgs/${orgId}/billing/top-ups`,
      { amount_usd: 6.5 },
    );
    expect(byConsole.status).toBe(201);
    const consoleTopUp = (await byConsole.json()) as { top_up_id: string };
    // The sandbox checkout's Pay: the same crediting code as Stripe's webhook.
    const pay = await fetch(`${base}/v1/billing/sandbox-checkout/${keyTopUp.top_up_id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);

    type Event = {
      action: string;
      actor: { type: string; id: string | null };
      target: { type: string; id: string } | null;
      after: Record<string, unknown>;
    };
    const events = async (action: string) =>
      (
        (await (
          await withKey(auditor.api_key, 'GET', `/v1/audit-log?action=${action}`)
        ).json()) as { events: Event[] }
      ).events;
    const userId = (await events('key.create'))[0]!.actor.id;
    const started = await events('billing.top_up.start');
    expect(started.map((e) => [e.actor, e.target, e.after])).toEqual([
      [
        { type: 'user', id: userId },
        { type: 'top_up', id: consoleTopUp.top_up_id },
        {
          amount_usd: 6.5,
          provider: 'sandbox',
          checkout_session_id: `sandbox_${consoleTopUp.top_up_id}`,
        },
      ],
      [
        { type: 'api_key', id: payer.key_id },
        { type: 'top_up', id: keyTopUp.top_up_id },
        {
          amount_usd: 5,
          provider: 'sandbox',
          checkout_session_id: `sandbox_${keyTopUp.top_up_id}`,
        },
      ],
    ]);
    const credited = await events('billing.top_up.paid');
    expect(credited.map((e) => [e.actor, e.target, e.after])).toEqual([
      [
        { type: 'system', id: null },
        { type: 'top_up', id: keyTopUp.top_up_id },
        {
          amount_usd: 5,
          provider: 'sandbox',
          payment_intent_id: `sandbox_pi_${keyTopUp.top_up_id}`,
          checkout_session_id: `sandbox_${keyTopUp.top_up_id}`,
        },
      ],
    ]);
  });
});
