import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleFetch } from '../../support/accounts-api';
import { startRolesSuite, type RolesSuite } from '../../support/console-api';
import { expectError } from '../../support/leads-api';
import { ROLES as roles } from '../../support/org-team';
import { voice } from '../../support/voice-api';

// The console's phone-number routes as each member and as a stranger: buying, importing,
// assigning an agent, releasing and the sandbox test call need calls.write (the API's
// numbers:write), so owners, admins and developers may and viewers may not; nobody outside the
// organization touches its numbers. Each refusal is checked against the numbers the API lists.
let { base, orgId, apiKey, cookies, outsider, dispose } = {} as RolesSuite;
let agentId = '';

beforeAll(async () => {
  ({ base, orgId, apiKey, cookies, outsider, dispose } = await startRolesSuite({
    scopes: ['calls:read', 'calls:write', 'numbers:read', 'numbers:write', 'agents:write'],
    // Room for every number's first month ($2 each) on top of the sign-up's credit.
    env: { SIGNUP_STARTING_CREDIT_USD: '60' },
  }));
  const agent = await voice(base, apiKey, '/v1/agents', {
    json: { name: 'Front desk', task: 'Answer questions about opening hours.', max_duration: 1 },
  });
  expect(agent.status).toBe(201);
  agentId = ((await agent.json()) as { agent_id: string }).agent_id;
});
afterAll(() => dispose?.());

interface Line {
  number: string;
  inbound_agent_id: string | null;
}

const numbers = async (): Promise<Line[]> => {
  const response = await voice(base, apiKey, '/v1/numbers');
  expect(response.status).toBe(200);
  return ((await response.json()) as { numbers: Line[] }).numbers;
};
const held = async (number: string) => (await numbers()).find((line) => line.number === number);

const route = (path = '') => `/console/api/orgs/${orgId}/numbers${path}`;
const at = (number: string, tail = '') => route(`/${encodeURIComponent(number)}${tail}`);

/** The owner's import of a fictional sandbox number, whatever the role under test may do. */
async function ownerImports(number: string): Promise<void> {
  const imported = await consoleFetch(base, cookies.owner, 'POST', route('/import'), { number });
  expect(imported.status, await imported.clone().text()).toBe(201);
}

describe('phone numbers in the console by role', () => {
  roles.forEach((role, i) => {
    const may = role !== 'viewer';
    const verb = may ? 'may' : 'may not';

    it(`${role} ${verb} buy, import, assign an agent, place a test call or release`, async () => {
      const before = (await numbers()).length;
      const bought = await consoleFetch(base, cookies[role], 'POST', route(), {
        country: 'US',
        area_code: '646',
      });
      if (may) expect(bought.status, await bought.clone().text()).toBe(201);
      else await expectError(bought, 403, 'FORBIDDEN');
      expect((await numbers()).length).toBe(before + (may ? 1 : 0));

      const imported = `+1212555012${i}`;
      const importing = await consoleFetch(base, cookies[role], 'POST', route('/import'), {
        number: imported,
      });
      if (may) expect(importing.status, await importing.clone().text()).toBe(201);
      else await expectError(importing, 403, 'FORBIDDEN');
      expect(Boolean(await held(imported))).toBe(may);

      const line = `+1212555013${i}`;
      await ownerImports(line);
      const assigned = await consoleFetch(base, cookies[role], 'PATCH', at(line), {
        inbound_agent_id: agentId,
      });
      if (may) expect(assigned.status, await assigned.clone().text()).toBe(200);
      else await expectError(assigned, 403, 'FORBIDDEN');
      expect((await held(line))?.inbound_agent_id ?? null).toBe(may ? agentId : null);

      // The owner assigns it whatever happened, so every role's test call meets an answering agent.
      await consoleFetch(base, cookies.owner, 'PATCH', at(line), { inbound_agent_id: agentId });
      const calls = async () =>
        (
          (await (await voice(base, apiKey, '/v1/calls?direction=inbound')).json()) as {
            calls: { to: string }[];
          }
        ).calls.filter((call) => call.to === line).length;
      const testCall = await consoleFetch(base, cookies[role], 'POST', at(line, '/test-call'));
      if (may) expect(testCall.status, await testCall.clone().text()).toBe(201);
      else await expectError(testCall, 403, 'FORBIDDEN');
      expect(await calls()).toBe(may ? 1 : 0);

      const spare = `+1212555014${i}`;
      await ownerImports(spare);
      const released = await consoleFetch(base, cookies[role], 'DELETE', at(spare));
      if (may) expect(released.status, await released.clone().text()).toBe(200);
      else await expectError(released, 403, 'FORBIDDEN');
      expect(Boolean(await held(spare))).toBe(!may);
    });
  });

  it('a member of another organization is refused every number route (404), nothing changes', async () => {
    const line = '+12125550150';
    await ownerImports(line);
    const before = await numbers();
    const tries: [string, string, unknown?][] = [
      ['POST', route(), { country: 'US', area_code: '646' }],
      ['POST', route('/import'), { number: '+12125550151' }],
      ['PATCH', at(line), { inbound_agent_id: agentId, label: 'Taken over' }],
      ['POST', at(line, '/test-call')],
      ['DELETE', at(line)],
    ];
    for (const [method, path, body] of tries) {
      const response = await consoleFetch(base, outsider, method, path, body);
      await expectError(response, 404, 'NOT_FOUND');
    }
    expect(await numbers()).toEqual(before);
  });
});
