import type { CallDeps } from '../types';
import { createBatch } from './create-batch';
import { parseBatchCsv } from './parse-batch-csv';

/**
 * The console's import: every row of the file is checked first (nothing is created while one is
 * bad), then the rows go through the same createBatch as POST /v1/batches, in one transaction.
 */
export async function createBatchFromCsv(
  deps: Pick<CallDeps, 'db' | 'provider' | 'clock' | 'store'>,
  input: { orgId: string; label: string; basePrompt: string; file: Uint8Array; origin: string },
): Promise<{ batch_id: string; rows: number }> {
  const rows = parseBatchCsv(input.file, input.basePrompt);
  const created = await createBatch(deps, {
    orgId: input.orgId,
    origin: input.origin,
    body: { label: input.label, base_prompt: input.basePrompt, call_data: rows },
  });
  return { batch_id: created.batch_id, rows: rows.length };
}
