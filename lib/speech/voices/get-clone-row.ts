import { and, eq } from 'drizzle-orm';
import { schema, type Executor } from '../../adapters/db';
import { isUuid } from '../../platform/http/path-id';
import type { CloneRow } from './render-clone';

/** The organization's clone with this id; another organization's clone is as absent as none. */
export async function getCloneRow(
  db: Executor,
  orgId: string,
  voiceId: string,
): Promise<CloneRow | undefined> {
  if (!isUuid(voiceId)) return undefined;
  const [row] = await db
    .select()
    .from(schema.voiceClones)
    .where(
      and(eq(schema.voiceClones.id, voiceId.toLowerCase()), eq(schema.voiceClones.orgId, orgId)),
    );
  return row;
}
