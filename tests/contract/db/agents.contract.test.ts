import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createAgent,
  deleteAgent,
  getAgent,
  listAgents,
  listAgentVersions,
  loadCallAgent,
  updateAgent,
} from '@/lib/calls/agents';
import { schema, type Db } from '@/lib/adapters/db';
import { createOrg } from '@/lib/composition/create-org';
import { TEST_CALL_SETTINGS } from '../../support/call-deps';
import { databaseAdapters, openForSuite } from '../../support/databases';

const now = new Date('2026-11-04T17:00:00Z');
const actor = { type: 'system' as const, id: null };

describe.each(databaseAdapters)('saved agents on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));
  const deps = () => ({ db, allowIps: [], urlSigningKey: TEST_CALL_SETTINGS.urlSigningKey });

  it('makes one version per change, none lost when two changes race', async () => {
    const { orgId } = await createOrg(db, { name: 'Agents', startingCreditMicros: 0 }, now);
    const agent = await createAgent(
      deps(),
      { orgId, body: { name: 'A', task: 'Call.' }, actor },
      now,
    );
    const changes = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        updateAgent(
          deps(),
          { orgId, agentId: agent.agent_id, body: { max_duration: n }, actor },
          new Date(now.getTime() + n),
        ),
      ),
    );
    expect(changes.map((c) => c.version).sort()).toEqual([2, 3, 4, 5]);
    const { versions } = await listAgentVersions(db, orgId, agent.agent_id, { limit: 10 });
    expect(versions.map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
    // The current version is the last change written, and the call reads that one.
    const current = await getAgent(db, orgId, agent.agent_id);
    expect(current.max_duration).toBe(versions[0]!.max_duration);
    const forCall = await loadCallAgent(
      db,
      orgId,
      { id: agent.agent_id, field: 'agent_id' },
      TEST_CALL_SETTINGS.urlSigningKey,
    );
    expect(forCall).toMatchObject({ version: 5, settings: { max_duration: current.max_duration } });
    const audit = await db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetId, agent.agent_id));
    expect(audit.filter((a) => a.action === 'agent.update')).toHaveLength(4);
  });

  it("keeps a deleted agent's row and versions but hides it; another org never sees it", async () => {
    const { orgId } = await createOrg(db, { name: 'Mine', startingCreditMicros: 0 }, now);
    const other = await createOrg(db, { name: 'Theirs', startingCreditMicros: 0 }, now);
    const agent = await createAgent(
      deps(),
      { orgId, body: { name: 'B', task: 'Call.' }, actor },
      now,
    );
    await expect(getAgent(db, other.orgId, agent.agent_id)).rejects.toMatchObject({
      code: 'AGENT_NOT_FOUND',
    });
    expect((await listAgents(db, other.orgId, { limit: 10 })).agents).toEqual([]);
    await deleteAgent(db, { orgId, agentId: agent.agent_id, actor }, now);
    await expect(
      loadCallAgent(
        db,
        orgId,
        { id: agent.agent_id, field: 'persona_id' },
        TEST_CALL_SETTINGS.urlSigningKey,
      ),
    ).rejects.toMatchObject({ code: 'AGENT_NOT_FOUND', field: 'persona_id' });
    await expect(
      deleteAgent(db, { orgId, agentId: agent.agent_id, actor }, now),
    ).rejects.toMatchObject({ code: 'AGENT_NOT_FOUND' });
    expect((await listAgents(db, orgId, { limit: 10 })).agents).toEqual([]);
    const rows = await db
      .select()
      .from(schema.agentVersions)
      .where(eq(schema.agentVersions.agentId, agent.agent_id));
    expect(rows).toHaveLength(1);
  });
});
