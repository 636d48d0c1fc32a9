import { and, eq } from 'drizzle-orm';
import { schema, type Executor } from '../../adapters/db';
import type { Mailer, MailMessage } from '../../adapters/mail';

/** Sends one message to every owner of the org (one mail each); returns how many went out. */
export async function mailOwners(
  deps: { db: Executor; mailer: Mailer },
  orgId: string,
  message: Omit<MailMessage, 'to'>,
): Promise<number> {
  const owners = await deps.db
    .select({ email: schema.authUsers.email })
    .from(schema.orgMembers)
    .innerJoin(schema.authUsers, eq(schema.authUsers.id, schema.orgMembers.userId))
    .where(and(eq(schema.orgMembers.orgId, orgId), eq(schema.orgMembers.role, 'owner')));
  let sent = 0;
  for (const owner of owners) {
    try {
      await deps.mailer.send({ ...message, to: owner.email });
      sent += 1;
    } catch (error) {
      // One bad mailbox must not keep the others from hearing about their money.
      console.error('auto top-up mail:', error);
    }
  }
  return sent;
}
