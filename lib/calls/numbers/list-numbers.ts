import { and, asc, eq, isNull } from 'drizzle-orm';
import type { PhoneNumberBody } from '@/schemas/numbers';
import { schema, type Executor } from '../../adapters/db';
import { microsToUsd } from '../../platform/money';
import { renderNumber } from './render-number';

/** GET /v1/numbers: every number the organization holds (a handful: no pages), oldest first. */
export async function listNumbers(
  db: Executor,
  orgId: string,
  monthlyFeeMicros: number,
): Promise<{ numbers: PhoneNumberBody[]; monthly_fee: number }> {
  const n = schema.phoneNumbers;
  const rows = await db
    .select()
    .from(n)
    .where(and(eq(n.orgId, orgId), isNull(n.releasedAt)))
    .orderBy(asc(n.createdAt), asc(n.id));
  return { numbers: rows.map(renderNumber), monthly_fee: microsToUsd(monthlyFeeMicros) };
}
