import { eq } from 'drizzle-orm';
import type { MemberRole } from '../access/permissions';
import { mailOwners } from './mail-owners';
import { schema, type Db } from '../../adapters/db';
import type { Mailer } from '../../adapters/mail';
import type { CutKey } from './cut-member-keys';

const line = (key: CutKey) =>
  `- ${key.name ?? 'unnamed key'} (${key.keyId}, ${key.prefix}…): ` +
  (key.kept === null ? 'revoked' : `lost ${key.lost.join(', ')}; keeps ${key.kept.join(', ')}`);

/**
 * Tells the org's owners which keys a membership change cut (sent after the change committed; a
 * mail that fails is logged, the change stands). Nothing to tell: no mail.
 */
export async function mailKeyCuts(
  deps: { db: Db; mailer: Mailer; origin: string },
  input: { orgId: string; userId: string; role: MemberRole | null },
  cut: CutKey[],
): Promise<void> {
  if (cut.length === 0) return;
  const [member] = await deps.db
    .select({ email: schema.authUsers.email })
    .from(schema.authUsers)
    .where(eq(schema.authUsers.id, input.userId));
  const who = member?.email ?? input.userId;
  const what = input.role === null ? 'left the organization' : `is now ${input.role}`;
  const link = `${deps.origin}/console`;
  await mailOwners(deps, input.orgId, {
    subject: `API keys cut: ${who} ${what}`,
    text: [
      `${who} ${what} (organization ${input.orgId}).`,
      'A key can do only what the role of the member who made it allows, so their keys changed:',
      '',
      ...cut.map(line),
      '',
      `Review the organization's keys: ${link}`,
    ].join('\n'),
    links: [link],
  });
}
