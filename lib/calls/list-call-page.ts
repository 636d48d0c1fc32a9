import { listCalls, type ListCallsQuery } from './list-calls';
import { renderCallListItem } from './render-call';
import type { CallDeps } from './types';

/** A page of the organization's calls, newest first, as GET /v1/calls shows it. */
export async function listCallPage(
  deps: Pick<CallDeps, 'db' | 'clock' | 'settings'>,
  orgId: string,
  query: ListCallsQuery,
  origin: string,
) {
  const { rows, nextCursor } = await listCalls(deps.db, orgId, query);
  const options = { origin, urlSigningKey: deps.settings.urlSigningKey, nowMs: deps.clock.now() };
  const calls = rows.map((row) => renderCallListItem(row, options));
  return { calls, count: calls.length, next_cursor: nextCursor };
}
