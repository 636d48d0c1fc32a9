import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  ANALYZE_REQUESTS_PER_MINUTE,
  CallAnalyzeRequest,
  type CallAnalyzeResponseBody,
} from '@/schemas/call-analysis';
import { schema } from '../../adapters/db';
import { checkRateLimit } from '../../adapters/store/check-rate-limit';
import { ApiError } from '../../platform/errors/api-error';
import { parseBody } from '../../platform/http/parse-body';
import { readAgentContext } from '../read-agent-context';
import type { CallDeps } from '../types';
import { queueCallWebhook } from '../webhooks/queue-call-webhook';
import { analyzeCall } from './analyze-call';

const policy = { name: 'call-analyze', keyPrefix: 'rl:call-analyze:', windowMs: 60_000 };

/**
 * POST /v1/calls/{call_id}/analyze: the ended call's transcript read again with a new schema
 * (and prompt); the result replaces the call's analysis everywhere it is shown, and a call with a
 * webhook gets a `call.analyzed` delivery of its updated record. Each run may be a
 * model call, so an organization gets 30 a minute (429 RATE_LIMITED beyond).
 */
export async function reanalyzeCall(
  deps: Pick<CallDeps, 'db' | 'store' | 'clock' | 'brain'>,
  orgId: string,
  callId: string,
  body: unknown,
): Promise<CallAnalyzeResponseBody> {
  const request = parseBody(CallAnalyzeRequest, body);
  const c = schema.calls;
  const [call] = await deps.db
    .select()
    .from(c)
    .where(and(eq(c.id, callId), eq(c.orgId, orgId)));
  if (!call) throw new ApiError('NOT_FOUND', { message: 'No call has this id.' });
  if (call.queueStatus === 'queued' || call.queueStatus === 'started')
    throw new ApiError('CALL_NOT_ENDED');
  const limit = await checkRateLimit(
    deps.store,
    policy,
    orgId,
    ANALYZE_REQUESTS_PER_MINUTE,
    deps.clock.now(),
    randomUUID(),
  );
  if (!limit.allowed)
    throw new ApiError('RATE_LIMITED', {
      message: `More than ${ANALYZE_REQUESTS_PER_MINUTE} analyze requests this minute from this organization.`,
      hint: 'Wait Retry-After seconds, then retry.',
      headers: limit.headers,
    });
  const prompt = request.analysis_prompt ?? null;
  const outcome = await analyzeCall(
    deps.brain,
    await readAgentContext(deps.db, call),
    request.analysis_schema,
    prompt,
  );
  const analysisSchema = request.analysis_schema as unknown as Record<string, unknown>;
  // The new analysis and its webhook commit together: a receiver of the call's webhook hears of
  // it (`call.analyzed`, a webhook-id of its own, so it is not dropped as a repeat of the first).
  await deps.db.transaction(async (tx) => {
    await tx
      .update(c)
      .set({ ...outcome, analysisSchema, analysisPrompt: prompt })
      .where(eq(c.id, call.id));
    const webhookId = `msg_${call.id}_analyzed_${randomUUID().slice(0, 8)}`;
    await queueCallWebhook(
      tx,
      call,
      { type: 'call.analyzed', webhookId },
      new Date(deps.clock.now()),
    );
  });
  return {
    status: 'success',
    call_id: call.id,
    analysis: outcome.analysis,
    analysis_error: outcome.analysisError,
    analysis_by: outcome.analysisBy,
    analysis_schema: analysisSchema,
  };
}
