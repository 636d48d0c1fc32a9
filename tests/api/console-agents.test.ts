import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleFetch, createConsoleKey, type AccountsServer } from '../support/accounts-api';
import { startConsoleServer } from '../support/console-api';
import { expectError } from '../support/http';
import { createTeam, type Team } from '../support/org-team';
import { dispatch } from '../support/voice-api';

// The console's agents pages: a developer saves and changes an agent (versions listed), a viewer
// sees the list but the console routes refuse their writes; the nav links the section.
let accounts: AccountsServer;
let base: string;
let team: Team;

beforeAll(async () => {
  accounts = await startConsoleServer();
  base = accounts.server.url;
  team = await createTeam(accounts, 'agents');
}, 120_000);
afterAll(() => accounts?.dispose());

const page = async (cookie: string, path: string) => {
  const response = await fetch(`${base}/console/orgs/${team.orgId}${path}`, {
    headers: { cookie },
  });
  expect(response.status).toBe(200);
  return response.text();
};

describe('console agents', () => {
  it('lets a developer save and change an agent, each change a listed version', async () => {
    const dev = team.cookies.developer;
    const api = `/console/api/orgs/${team.orgId}/agents`;
    const created = await consoleFetch(base, dev, 'POST', api, {
      name: 'Front desk',
      task: 'Confirm the appointment.',
      voice: null,
      record: true,
    });
    expect(created.status).toBe(201);
    const agent = (await created.json()) as { agent_id: string; version: number };
    expect(agent.version).toBe(1);
    const changed = await consoleFetch(base, dev, 'PATCH', `${api}/${agent.agent_id}`, {
      name: 'Front desk',
      task: 'Confirm the appointment and offer a reminder.',
      record: null,
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { version: number }).version).toBe(2);

    const list = await page(dev, '/agents');
    expect(list).toContain('Front desk');
    expect(list).toContain(agent.agent_id);
    // The nav links the section and marks it as the page being viewed.
    const navLink = [...list.matchAll(/<a [^>]*>Agents<\/a>/g)].map((m) => m[0]);
    expect(navLink.some((a) => a.includes('aria-current="page"') && /\/agents"/.test(a))).toBe(
      true,
    );
    const detail = await page(dev, `/agents/${agent.agent_id}`);
    const versions = /data-testid="agent-versions"[\s\S]*?<\/table>/.exec(detail)?.[0] ?? '';
    expect([...versions.matchAll(/<th scope="row">(\d+)<\/th>/g)].map((m) => m[1])).toEqual([
      '2',
      '1',
    ]);
    expect(versions).toContain('task, record');
    expect(versions).toContain('created');

    // A call placed from the agent names it, and its version, on the call's page.
    const { api_key: apiKey } = await createConsoleKey(base, dev, team.orgId, ['calls:write']);
    const callId = await dispatch(base, apiKey, {
      phone_number: '+14155550123',
      agent_id: agent.agent_id,
    });
    const callPage = await page(dev, `/calls/${callId}`);
    expect(callPage).toMatch(
      new RegExp(`data-testid="call-agent"[^>]*><a [^>]*href="[^"]*/agents/${agent.agent_id}"`),
    );
    expect(callPage).toMatch(/, version (<!-- -->)?2/);

    const viewer = team.cookies.viewer;
    expect(await page(viewer, '/agents')).toContain('Front desk');
    expect(await page(viewer, '/agents')).not.toContain('Save the agent');
    await expectError(
      await consoleFetch(base, viewer, 'POST', api, { name: 'x', task: 'y' }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      await consoleFetch(base, viewer, 'DELETE', `${api}/${agent.agent_id}`),
      403,
      'FORBIDDEN',
    );
    const deleted = await consoleFetch(base, dev, 'DELETE', `${api}/${agent.agent_id}`);
    expect(deleted.status).toBe(200);
    expect(await page(dev, '/agents')).not.toContain(agent.agent_id);
    const gone = await fetch(`${base}/console/orgs/${team.orgId}/agents/${agent.agent_id}`, {
      headers: { cookie: dev },
    });
    expect(gone.status).toBe(404);
  });
});
