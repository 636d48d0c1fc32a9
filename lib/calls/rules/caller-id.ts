import { and, eq, isNull, ne } from 'drizzle-orm';
import { schema, type Executor } from '@/lib/adapters/db';
import { ApiError } from '@/lib/platform/errors/api-error';

/**
 * The caller ID a call presents: the line's own number (when `from` is left out), or one of the
 * numbers the organization holds on this line (a bought or imported number with a carrier, a
 * sandbox number on the sandbox line); anything else is 400 FROM_NOT_ALLOWED. Checked at the
 * dispatch and again at the dial, so a number released meanwhile is no longer presented.
 */
export async function checkCallerId(
  deps: { db: Executor; provider: { defaultFrom: string; kind: 'sandbox' | 'twilio' } },
  dial: { orgId: string; from: string | null },
): Promise<void> {
  const line = deps.provider.defaultFrom;
  if (dial.from === null || dial.from === line) return;
  const n = schema.phoneNumbers;
  const [held] = await deps.db
    .select({ id: n.id })
    .from(n)
    .where(
      and(
        eq(n.orgId, dial.orgId),
        eq(n.number, dial.from),
        isNull(n.releasedAt),
        deps.provider.kind === 'sandbox' ? eq(n.source, 'sandbox') : ne(n.source, 'sandbox'),
      ),
    )
    .limit(1);
  if (held) return;
  throw new ApiError('FROM_NOT_ALLOWED', {
    message: `${dial.from} is not one of this organization's numbers (GET /v1/numbers); omit \`from\` to use ${line}.`,
    field: 'from',
  });
}
