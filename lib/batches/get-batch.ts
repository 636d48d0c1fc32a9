import type { BatchQueryInput } from '@/schemas/batches';
import type { RenderOptions } from '../calls/render-call';
import type { Executor } from '../db';
import { cachedAnalysisJson } from './cached-analysis';
import { getBatchRowOrThrow } from './get-batch-row';
import { listBatchCalls } from './list-batch-calls';

/**
 * GET /batch as its JSON body (BatchResponse): the batch's parameters, its analysis unless
 * include_analysis=false (with or without calls), and its calls unless include_calls=false
 * (transcripts unless include_transcripts=false). The analysis arrives already serialized from
 * its cache and is spliced in, not parsed and serialized again.
 */
export async function getBatchJson(
  db: Executor,
  orgId: string,
  query: BatchQueryInput,
  options: RenderOptions,
): Promise<string> {
  const batch = await getBatchRowOrThrow(db, orgId, query.batch_id, {
    analysisStamp: query.include_analysis,
  });
  const [analysis, callData] = await Promise.all([
    batch.analysisStamp === null
      ? undefined
      : cachedAnalysisJson(db, batch.id, batch.analysisStamp),
    query.include_calls
      ? listBatchCalls(db, batch.id, { ...options, transcripts: query.include_transcripts })
      : undefined,
  ]);
  const params = JSON.stringify({
    id: batch.id,
    campaign_id: batch.campaignId,
    created_at: batch.createdAt.toISOString(),
    label: batch.label,
    base_prompt: batch.basePrompt,
    endpoint_code: batch.endpointCode,
    call_params: batch.callParams,
  });
  return (
    `{"batch_params":${params}` +
    (analysis === undefined ? '' : `,"analysis":${analysis}`) +
    (callData === undefined ? '' : `,"call_data":${JSON.stringify(callData)}`) +
    '}'
  );
}
