import { and, asc, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { deliveryStatuses } from '../../adapters/db/schema/webhooks';
import { schema, type Db } from '../../adapters/db';
import { decodeDeliveryCursor, encodeDeliveryCursor } from './delivery-cursor';

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

export interface OrgDeliveryPage {
  deliveries: OrgDelivery[];
  /** The cursor of the page of older deliveries; null on the oldest page. */
  older_cursor: string | null;
  /** The cursor of the page of newer deliveries; null on the newest page. */
  newer_cursor: string | null;
}

/**
 * One page of the post-call webhook deliveries across all the organization's calls, newest first,
 * optionally of one status, each with its number of attempts and the last response (the per-call
 * log is listDeliveries). Without a cursor it is the newest page; a cursor reads on to older or
 * back to newer rows (keyset on created_at, id, so new deliveries do not shift the pages).
 */
export async function listOrgDeliveries(
  db: Db,
  orgId: string,
  options: { status?: (typeof deliveryStatuses)[number]; limit?: number; cursor?: string } = {},
): Promise<OrgDeliveryPage> {
  const d = schema.webhookDeliveries;
  const limit = options.limit ?? 100;
  const cursor = options.cursor ? decodeDeliveryCursor(options.cursor) : null;
  const newer = cursor?.direction === 'newer';
  const position = cursor
    ? newer
      ? or(
          gt(d.createdAt, cursor.createdAt),
          and(eq(d.createdAt, cursor.createdAt), gt(d.id, cursor.id)),
        )
      : or(
          lt(d.createdAt, cursor.createdAt),
          and(eq(d.createdAt, cursor.createdAt), lt(d.id, cursor.id)),
        )
    : undefined;
  // Reading newer rows walks the index upwards from the cursor; the page is then turned over.
  const fetched = await db
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
    .where(
      and(eq(d.orgId, orgId), options.status ? eq(d.status, options.status) : undefined, position),
    )
    .orderBy(...(newer ? [asc(d.createdAt), asc(d.id)] : [desc(d.createdAt), desc(d.id)]))
    .limit(limit + 1);
  const more = fetched.length > limit;
  const rows = fetched.slice(0, limit);
  if (newer) rows.reverse();
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
  const first = rows[0];
  const final = rows.at(-1);
  // The cursor's own row lies on the side the page was read from, so that side has more.
  const hasNewer = newer ? more : cursor !== null;
  const hasOlder = newer ? true : more;
  const deliveries = rows.map((row) => ({
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
  return {
    deliveries,
    older_cursor:
      hasOlder && final
        ? encodeDeliveryCursor({ direction: 'older', createdAt: final.createdAt, id: final.id })
        : null,
    newer_cursor:
      hasNewer && first
        ? encodeDeliveryCursor({ direction: 'newer', createdAt: first.createdAt, id: first.id })
        : null,
  };
}
