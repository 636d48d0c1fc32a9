import { and, desc, eq, inArray } from 'drizzle-orm';
import type { deliveryStatuses } from '../db/schema/webhooks';
import { schema, type Db } from '../db';

export interface OrgDelivery {
  delivery_id: string;
  call_id: string;
  to: string;
  url: string;
  status: (typeof deliveryStatuses)[number];
  attempts: number;
  /** The receiver's last HTTP status; null before the first attempt or when it never answered. */
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  next_attempt_at: string | null;
}

/**
 * The newest post-call webhook deliveries across all the organization's calls, optionally of one
 * status, each with its number of attempts and the last response (the per-call log is
 * listDeliveries).
 */
export async function listOrgDeliveries(
  db: Db,
  orgId: string,
  options: { status?: (typeof deliveryStatuses)[number]; limit?: number } = {},
): Promise<OrgDelivery[]> {
  const d = schema.webhookDeliveries;
  const rows = await db
    .select({
      id: d.id,
      callId: d.callId,
      to: schema.calls.toNumber,
      url: d.url,
      status: d.status,
      attempts: d.attempts,
      createdAt: d.createdAt,
      nextAttemptAt: d.nextAttemptAt,
    })
    .from(d)
    .innerJoin(schema.calls, eq(schema.calls.id, d.callId))
    .where(and(eq(d.orgId, orgId), options.status ? eq(d.status, options.status) : undefined))
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(options.limit ?? 100);
  const a = schema.webhookAttempts;
  const last =
    rows.length === 0
      ? []
      : await db
          .selectDistinctOn([a.deliveryId], {
            deliveryId: a.deliveryId,
            statusCode: a.statusCode,
            error: a.error,
          })
          .from(a)
          .where(
            inArray(
              a.deliveryId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(a.deliveryId, desc(a.id));
  const lastOf = new Map(last.map((row) => [row.deliveryId, row]));
  return rows.map((row) => ({
    delivery_id: row.id,
    call_id: row.callId,
    to: row.to,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    last_status_code: lastOf.get(row.id)?.statusCode ?? null,
    last_error: lastOf.get(row.id)?.error ?? null,
    created_at: row.createdAt.toISOString(),
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
  }));
}
