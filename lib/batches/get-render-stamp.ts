import { eq } from 'drizzle-orm';
import { schema, type Executor } from '../db';
import { versionStamp } from './analyze-batch';

/** The render stamp of a batch's calls on its own (see getBatchRowOrThrow's `renderStamp`). */
export async function getRenderStamp(db: Executor, batchId: string): Promise<string> {
  const c = schema.calls;
  const [row] = await db
    .select({ stamp: versionStamp(c.renderVersion) })
    .from(c)
    .where(eq(c.batchId, batchId));
  return row!.stamp;
}
