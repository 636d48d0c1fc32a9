import type { schema } from '../../adapters/db';

type RaiseRow = typeof schema.limitRaiseRequests.$inferSelect;

/** A raise request as the console and the admin API show it. */
export const raiseJson = (row: RaiseRow) => ({
  request_id: row.id,
  org_id: row.orgId,
  email: row.email,
  limit: row.limit,
  wanted: row.wanted,
  expected_volume: row.expectedVolume,
  reason: row.reason,
  status: row.status,
  note: row.note,
  created_at: row.createdAt.toISOString(),
  answered_at: row.answeredAt?.toISOString() ?? null,
});
