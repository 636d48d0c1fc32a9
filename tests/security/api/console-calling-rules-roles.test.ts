import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleFetch } from '../../support/accounts-api';
import { startRolesSuite, type RolesSuite } from '../../support/console-api';
import { expectError } from '../../support/leads-api';
import { ROLES as roles } from '../../support/org-team';
import { voice } from '../../support/voice-api';

// The console's calling-rules routes as each member and as a stranger: listing numbers needs
// calls.write, unlisting them and changing the rules needs org.update (the API's scopes say the
// same), and nobody outside the organization learns or changes its list.
let { base, orgId, apiKey, cookies, outsider, dispose } = {} as RolesSuite;

beforeAll(async () => {
  ({ base, orgId, apiKey, cookies, outsider, dispose } = await startRolesSuite());
});
afterAll(() => dispose?.());

const listed = async (): Promise<string[]> => {
  const page = (await (await voice(base, apiKey, '/v1/dnc?limit=100')).json()) as {
    numbers: { number: string }[];
  };
  return page.numbers.map((entry) => entry.number);
};

const importCsv = (cookie: string, text: string) =>
  fetch(`${base}/console/api/orgs/${orgId}/dnc/import`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'text/csv' },
    body: text,
  });

describe('do-not-call list and rules by role', () => {
  roles.forEach((role, i) => {
    const mayList = role !== 'viewer';
    const mayChange = role === 'owner' || role === 'admin';
    const number = `+1415555020${i}`;

    it(`${role} ${mayList ? 'may' : 'may not'} list numbers, ${mayChange ? 'may' : 'may not'} unlist them or change the rules`, async () => {
      const imported = await importCsv(cookies[role], `${number}\n`);
      if (mayList) expect(imported.status).toBe(200);
      else await expectError(imported, 403, 'FORBIDDEN');
      expect((await listed()).includes(number)).toBe(mayList);

      // The owner lists it whatever happened, so every role's unlisting meets a listed number.
      await importCsv(cookies.owner, `${number}\n`);
      const removed = await consoleFetch(
        base,
        cookies[role],
        'DELETE',
        `/console/api/orgs/${orgId}/dnc`,
        {
          numbers: [number],
        },
      );
      if (mayChange) expect(removed.status).toBe(200);
      else await expectError(removed, 403, 'FORBIDDEN');
      expect((await listed()).includes(number)).toBe(!mayChange);

      const saved = await consoleFetch(
        base,
        cookies[role],
        'PUT',
        `/console/api/orgs/${orgId}/calling-rules`,
        {
          hours: { start: '09:00', end: `1${i}:00` },
        },
      );
      const hours = (
        (await (await voice(base, apiKey, '/v1/calling-rules')).json()) as {
          hours: { end: string } | null;
        }
      ).hours;
      if (mayChange) {
        expect(saved.status).toBe(200);
        expect(hours?.end).toBe(`1${i}:00`);
      } else {
        await expectError(saved, 403, 'FORBIDDEN');
        expect(hours?.end).not.toBe(`1${i}:00`);
      }

      const exported = await fetch(`${base}/console/api/orgs/${orgId}/dnc/export`, {
        headers: { cookie: cookies[role] },
      });
      expect(exported.status).toBe(200);
      expect(await exported.text()).toMatch(/^number,reason,source,call_id,created_at\n/);
    });
  });

  it('a stranger neither reads nor changes the list (404, as for any organization not theirs)', async () => {
    await importCsv(cookies.owner, '+14155550299\n');
    const exported = await fetch(`${base}/console/api/orgs/${orgId}/dnc/export`, {
      headers: { cookie: outsider },
    });
    await expectError(exported, 404, 'NOT_FOUND');
    await expectError(await importCsv(outsider, '+14155550298\n'), 404, 'NOT_FOUND');
    const removed = await consoleFetch(base, outsider, 'DELETE', `/console/api/orgs/${orgId}/dnc`, {
      numbers: ['+14155550299'],
    });
    await expectError(removed, 404, 'NOT_FOUND');
    expect(await listed()).toContain('+14155550299');
    expect(await listed()).not.toContain('+14155550298');
  });
});
