import type { CallDetailBody } from '@/schemas/calls';
import { getCallRowOrThrow, getTranscripts } from './get-call';
import { renderCall } from './render-call';
import type { CallDeps } from './types';

/** One call of one organization as the API shows it; another org's call is 404 NOT_FOUND. */
export async function getCallDetail(
  deps: Pick<CallDeps, 'db' | 'clock' | 'settings'>,
  orgId: string,
  callId: string,
  origin: string,
): Promise<CallDetailBody> {
  // Both at once (the transcript is only shown once the row proves the call is this org's).
  const [row, lines] = await Promise.all([
    getCallRowOrThrow(deps.db, orgId, callId),
    getTranscripts(deps.db, callId),
  ]);
  return renderCall(row, lines, {
    origin,
    urlSigningKey: deps.settings.urlSigningKey,
    nowMs: deps.clock.now(),
  });
}
