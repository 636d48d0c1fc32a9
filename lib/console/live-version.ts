import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Executor } from '../adapters/db';
import { ApiError } from '../platform/errors/api-error';

const c = schema.calls;
const LIVE = ['queued', 'started'] as const;

/** What a live console page shows has changed when its version has (the page's ETag). */
export interface LiveVersion {
  version: string;
  /** Whether anything is still running: a page with nothing live does not poll. */
  live: boolean;
}

/**
 * The version of an organization's live calls: how many are queued or running and which, in which
 * state. A call placed, started or ended changes it. Read from `calls_org_live_idx` (only live
 * rows), so it costs the same beside 100,000 ended calls as beside none.
 */
export async function orgLiveVersion(db: Executor, orgId: string): Promise<LiveVersion> {
  const [row] = await db
    .select({
      live: sql<number>`count(*)::int`,
      mix: sql<string>`coalesce(sum(hashtext(${c.id}::text || ${c.queueStatus})), 0)::text`,
    })
    .from(c)
    .where(and(eq(c.orgId, orgId), inArray(c.queueStatus, [...LIVE])));
  const live = row?.live ?? 0;
  return { version: `o${live}.${row?.mix ?? '0'}`, live: live > 0 };
}

/**
 * The version of one call: its state and how many transcript lines it has, so each new turn of a
 * live call changes it. Another org's call (or none) is 404 NOT_FOUND.
 */
export async function callLiveVersion(
  db: Executor,
  orgId: string,
  callId: string,
): Promise<LiveVersion> {
  const [row] = await db
    .select({
      status: c.queueStatus,
      // Spelled out: Drizzle writes columns inside a select list unqualified, and a bare "id"
      // inside this subquery would be the transcript's own.
      lines: sql<number>`(select count(*) from "transcripts" where "transcripts"."call_id" = "calls"."id")::int`,
    })
    .from(c)
    .where(and(eq(c.id, callId), eq(c.orgId, orgId)));
  if (!row) throw new ApiError('NOT_FOUND', { message: 'No call has this id.' });
  return {
    version: `c${row.status}.${row.lines}`,
    live: (LIVE as readonly string[]).includes(row.status),
  };
}

/**
 * A conditional answer: 304 with no body when the client already holds `version` (If-None-Match),
 * else the version as JSON. Polling a page that has not changed costs a header and no body.
 */
export function liveVersionResponse(request: Request, { version, live }: LiveVersion): Response {
  const etag = `"${version}"`;
  const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
  const held = request.headers.get('if-none-match');
  if (held && held.split(',').some((tag) => tag.trim() === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return Response.json({ version, live }, { headers });
}
