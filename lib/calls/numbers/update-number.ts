import { eq } from 'drizzle-orm';
import { NumberUpdateRequest, type PhoneNumberBody } from '@/schemas/numbers';
import { recordAudit, type AuditActor } from '../../accounts';
import { schema, type Db } from '../../adapters/db';
import { parseBody } from '../../platform/http/parse-body';
import { findAgentOrThrow } from '../agents/find-agent';
import { findNumberOrThrow } from './find-number';
import { renderNumber } from './render-number';

/**
 * PATCH /v1/numbers/{number}: the agent that answers it (the org's live agent, locked so a delete
 * of it waits and then sees it in use) and its label; a field left out stays. Audited.
 */
export async function updateNumber(
  db: Db,
  input: { orgId: string; number: string; body: unknown; actor: AuditActor },
  now: Date,
): Promise<PhoneNumberBody> {
  const parsed = parseBody(NumberUpdateRequest, input.body);
  const row = await db.transaction(async (tx) => {
    const current = await findNumberOrThrow(tx, input.orgId, input.number, { forUpdate: true });
    const values: { inboundAgentId?: string | null; label?: string | null } = {};
    if (parsed.inbound_agent_id !== undefined) {
      if (parsed.inbound_agent_id !== null) {
        await findAgentOrThrow(tx, input.orgId, parsed.inbound_agent_id, {
          forUpdate: true,
          field: 'inbound_agent_id',
        });
      }
      values.inboundAgentId = parsed.inbound_agent_id;
    }
    if (parsed.label !== undefined) values.label = parsed.label || null;
    const [updated] = await tx
      .update(schema.phoneNumbers)
      .set({ ...values, updatedAt: now })
      .where(eq(schema.phoneNumbers.id, current.id))
      .returning();
    await recordAudit(
      tx,
      {
        orgId: input.orgId,
        actor: input.actor,
        action: 'number.update',
        target: { type: 'phone_number', id: current.id },
        before: { inbound_agent_id: current.inboundAgentId, label: current.label },
        after: { inbound_agent_id: updated!.inboundAgentId, label: updated!.label },
      },
      now,
    );
    return updated!;
  });
  return renderNumber(row);
}
