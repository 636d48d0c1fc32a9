import type { BatchQueryInput } from '@/schemas/batches';
import type { RenderOptions } from '../render-call';
import type { Executor } from '../../adapters/db';
import { cachedAnalysisJson } from './cached-analysis';
import { getBatchRowOrThrow } from './get-batch-row';
import { cachedCallDataJson } from './cached-call-data';

/**
 * GET /batch as its JSON body (BatchResponse): the batch's parameters, its analysis unless
 * include_analysis=false (with or without calls), and its calls unless include_calls=false
 * (transcripts unless include_transcripts=false). The analysis and the calls arrive already
 * serialized from their caches and are spliced in, not parsed and serialized again.
 */
export async function getBatchJson(
  db: Executor,
  orgId: string,
  query: BatchQueryInput,
  options: RenderOptions,
): Promise<string> {
  const batch = await getBatchRowOrThrow(db, orgId, query.batch_id, {
    analysisStamp: query.include_analysis,
    renderStamp: query.include_calls,
  });
  const [analysis, callData] = await Promise.all([
    batch.analysisStamp === null
      ? undefined
      : cachedAnalysisJson(db, batch.id, batch.analysisStamp),
    batch.renderStamp === null
      ? undefined
      : cachedCallDataJson(db, batch.id, batch.renderStamp, {
          ...options,
          transcripts: query.include_transcripts,
        }),
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
    (callData === undefined ? '' : `,"call_data":${callData}`) +
    '}'
  );
}
