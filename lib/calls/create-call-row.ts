import { randomUUID } from 'node:crypto';
import type { CallDispatchInput } from '@/schemas/calls';
import { schema, type Executor } from '../db';
import type { CallProvider } from '../telephony';
import { fillPlaceholders } from './fill-placeholders';

export interface NewCall {
  orgId: string;
  request: CallDispatchInput;
  batchId?: string | null;
  /** A row that could not be placed at all (a batch row with a bad number) starts as call_error. */
  errorMessage?: string;
  idempotencyKey?: string;
  requestHash?: string;
  apiOrigin: string;
}

/** The values of a new call row: queued and due now, or ended at once with its error. */
export function newCallValues(
  provider: CallProvider,
  call: NewCall,
  now: Date,
): typeof schema.calls.$inferInsert {
  const { request } = call;
  return {
    id: randomUUID(),
    orgId: call.orgId,
    batchId: call.batchId ?? null,
    queueStatus: call.errorMessage ? 'call_error' : 'queued',
    toNumber: request.phone_number,
    fromNumber: request.from ?? provider.defaultFrom,
    task: fillPlaceholders(request.task, request.request_data ?? null),
    voice: request.voice ?? null,
    firstSentence: request.first_sentence
      ? fillPlaceholders(request.first_sentence, request.request_data ?? null)
      : null,
    waitForGreeting: request.wait_for_greeting,
    maxDuration: request.max_duration,
    record: request.record,
    webhook: request.webhook ?? null,
    language: request.language ?? null,
    metadata: request.metadata ?? null,
    requestData: request.request_data ?? null,
    createdAt: now,
    endAt: call.errorMessage ? now : null,
    errorMessage: call.errorMessage ?? null,
    callEndedBy: call.errorMessage ? 'SYSTEM' : null,
    priceMicros: call.errorMessage ? 0 : null,
    provider: provider.kind,
    endpointUrl: provider.endpointUrl,
    sandbox: provider.sandbox,
    apiOrigin: call.apiOrigin,
    idempotencyKey: call.idempotencyKey ?? null,
    requestHash: call.requestHash ?? null,
    nextStepAt: call.errorMessage ? null : now,
  };
}

export async function insertCall(
  db: Executor,
  provider: CallProvider,
  call: NewCall,
  now: Date,
): Promise<string> {
  const values = newCallValues(provider, call, now);
  await db.insert(schema.calls).values(values);
  return values.id!;
}
