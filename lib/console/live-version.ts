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

/** How often a stream reads the version again; the console's pages change at most this often. */
export const LIVE_TICK_MS = 1_000;
/**
 * How long one stream lasts: then it ends and the browser's EventSource opens another, so the
 * session and the membership are checked again (a member removed stops watching within this).
 */
export const LIVE_STREAM_MS = 5 * 60_000;

const encoder = new TextEncoder();

/**
 * The version of a live page as Server-Sent Events: the current one at once (read before the
 * stream opens, so a refusal is an ordinary error answer), then each change
 * (read every LIVE_TICK_MS); the stream ends after the version that says nothing is live. An
 * unchanged page costs one query a second and no request; bench/console.ts measured it against
 * polling the version with an ETag (a whole request each second) at ~1/4 of the server's CPU.
 */
export async function liveVersionEvents(
  request: Request,
  read: () => Promise<LiveVersion>,
  timing: { tickMs?: number; streamMs?: number } = {},
): Promise<Response> {
  const tickMs = timing.tickMs ?? LIVE_TICK_MS;
  const endsAt = Date.now() + (timing.streamMs ?? LIVE_STREAM_MS);
  // Read before the stream opens: a call that is not the org's is a 404 in the error envelope.
  let first: LiveVersion | undefined = await read();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sent = '';
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const end = () => {
        clearTimeout(timer);
        try {
          controller.close();
        } catch {
          // Already closed: the browser went away.
        }
      };
      request.signal.addEventListener('abort', end);
      // The browser reconnects after `retry` ms when a stream ends without saying nothing is live.
      controller.enqueue(encoder.encode(`retry: ${tickMs}\n\n`));
      const tick = async () => {
        try {
          const { version, live } = first ?? (await read());
          first = undefined;
          if (request.signal.aborted) return;
          if (version !== sent) {
            sent = version;
            controller.enqueue(encoder.encode(`data: ${JSON.stringify({ version, live })}\n\n`));
          }
          if (!live || Date.now() + tickMs > endsAt) return end();
          timer = setTimeout(() => void tick(), tickMs);
        } catch {
          // The database is unreachable or the call is gone: the browser tries again later.
          end();
        }
      };
      void tick();
    },
    cancel: () => clearTimeout(timer),
  });
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: compression would hold events back in its buffer; proxies must not either.
      'Cache-Control': 'private, no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}
