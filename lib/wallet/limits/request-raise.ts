import { randomUUID } from 'node:crypto';
import type { RaiseRequestBody } from '@/schemas/limits';
import { recordAudit, type AuditActor } from '../../accounts';
import { schema, type Db } from '../../adapters/db';
import type { Mailer } from '../../adapters/mail';
import { raiseJson } from './raise-json';

/** Stores a member's raise request (audited) and mails it to the support desk. */
export async function requestRaise(
  deps: { db: Db; mailer: Mailer; supportEmail: string },
  input: RaiseRequestBody & { orgId: string; userId: string; email: string },
  actor: AuditActor,
  now: Date,
) {
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(schema.limitRaiseRequests)
      .values({
        id: randomUUID(),
        orgId: input.orgId,
        userId: input.userId,
        email: input.email,
        limit: input.limit,
        wanted: input.wanted,
        expectedVolume: input.expected_volume,
        reason: input.reason,
        status: 'pending',
        createdAt: now,
      })
      .returning();
    await recordAudit(
      tx,
      {
        orgId: input.orgId,
        actor,
        action: 'limits.raise_request',
        target: { type: 'raise_request', id: created!.id },
        after: { limit: input.limit, wanted: input.wanted },
      },
      now,
    );
    return created!;
  });
  await deps.mailer.send({
    to: deps.supportEmail,
    subject: `Limit raise request: ${row.limit} to ${row.wanted} (org ${row.orgId})`,
    text: [
      `Organization: ${row.orgId}`,
      `Requested by: ${row.email}`,
      `Limit: ${row.limit}, wanted: ${row.wanted}`,
      `Expected volume: ${row.expectedVolume}`,
      `Reason: ${row.reason}`,
      '',
      `Answer: npm run admin -- answer-raise ${row.id} approve|deny [note]`,
    ].join('\n'),
  });
  return raiseJson(row);
}
