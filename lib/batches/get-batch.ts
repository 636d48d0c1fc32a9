import type { BatchQueryInput, BatchResponseBody } from '@/schemas/batches';
import type { RenderOptions } from '../calls/render-call';
import type { Executor } from '../db';
import { analyzeBatch } from './analyze-batch';
import { getBatchRowOrThrow } from './get-batch-row';
import { listBatchCalls } from './list-batch-calls';

/**
 * GET /batch: the batch's parameters, its analysis unless include_analysis=false (with or
 * without calls), and its calls unless include_calls=false (transcripts unless
 * include_transcripts=false).
 */
export async function getBatch(
  db: Executor,
  orgId: string,
  query: BatchQueryInput,
  options: RenderOptions,
): Promise<BatchResponseBody> {
  const batch = await getBatchRowOrThrow(db, orgId, query.batch_id);
  const [analysis, callData] = await Promise.all([
    query.include_analysis ? analyzeBatch(db, batch.id) : undefined,
    query.include_calls
      ? listBatchCalls(db, batch.id, { ...options, transcripts: query.include_transcripts })
      : undefined,
  ]);
  return {
    batch_params: {
      id: batch.id,
      campaign_id: batch.campaignId,
      created_at: batch.createdAt.toISOString(),
      label: batch.label,
      base_prompt: batch.basePrompt,
      endpoint_code: batch.endpointCode,
      call_params: batch.callParams,
    },
    ...(analysis ? { analysis } : {}),
    ...(callData ? { call_data: callData } : {}),
  };
}
