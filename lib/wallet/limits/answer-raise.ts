import { and, eq } from 'drizzle-orm';
import type { RaiseAnswerBody } from '@/schemas/limits';
import { recordAudit } from '../../accounts';
import { schema, type Db } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import type { Mailer } from '../../adapters/mail';
import { setLimitOverrides } from './set-limit-overrides';
import { raiseJson } from './raise-json';

/**
 * An operator's answer to a pending raise request: approve sets the org's limit override (the
 * existing, audited path), deny keeps the note; both are audited and mailed to the requester.
 */
export async function answerRaise(
  deps: { db: Db; mailer: Mailer },
  requestId: string,
  answer: RaiseAnswerBody,
  now: Date,
) {
  const r = schema.limitRaiseRequests;
  const status = answer.decision === 'approve' ? 'approved' : 'denied';
  const [row] = await deps.db
    .update(r)
    .set({ status, note: answer.note ?? null, answeredAt: now })
    .where(and(eq(r.id, requestId), eq(r.status, 'pending')))
    .returning();
  if (!row) {
    const [existing] = await deps.db.select({ id: r.id }).from(r).where(eq(r.id, requestId));
    if (!existing) throw new ApiError('NOT_FOUND', { message: 'No raise request has this id.' });
    throw new ApiError('RAISE_ALREADY_ANSWERED');
  }
  if (status === 'approved')
    await setLimitOverrides(deps.db, row.orgId, { [row.limit]: row.wanted }, undefined, now);
  await recordAudit(
    deps.db,
    {
      orgId: row.orgId,
      actor: { type: 'admin', id: null },
      action: 'limits.raise_answer',
      target: { type: 'raise_request', id: row.id },
      after: { status, note: row.note },
    },
    now,
  );
  await deps.mailer.send({
    to: row.email,
    subject: `Your limit raise request was ${status}`,
    text: [
      `Your request to raise ${row.limit} to ${row.wanted} was ${status}.`,
      status === 'approved' ? 'The new limit applies now.' : '',
      row.note ? `Note from our team: ${row.note}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  });
  return raiseJson(row);
}
