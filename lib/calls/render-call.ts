import type { CallDetailBody } from '@/schemas/call-detail';
import { schema } from '../adapters/db';
import { microsToUsd } from '../platform/money';
import { signRecordingUrl } from './recording-link';
import type { CallRow } from './types';

/** What a transcript line shows of its row. */
type TranscriptRow = Pick<
  typeof schema.transcripts.$inferSelect,
  'id' | 'createdAt' | 'text' | 'user'
>;

const c = schema.calls;
/** The columns a call's rendering reads (a batch's 10,000 calls need not carry their prompts). */
export const renderedCallColumns = {
  id: c.id,
  queueStatus: c.queueStatus,
  createdAt: c.createdAt,
  startedAt: c.startedAt,
  endAt: c.endAt,
  direction: c.direction,
  toNumber: c.toNumber,
  fromNumber: c.fromNumber,
  durationMs: c.durationMs,
  maxDuration: c.maxDuration,
  requestData: c.requestData,
  metadata: c.metadata,
  answeredBy: c.answeredBy,
  callEndedBy: c.callEndedBy,
  errorMessage: c.errorMessage,
  batchId: c.batchId,
  record: c.record,
  summary: c.summary,
  analysis: c.analysis,
  analysisError: c.analysisError,
  analysisBy: c.analysisBy,
  analysisSchema: c.analysisSchema,
  priceMicros: c.priceMicros,
  endpointUrl: c.endpointUrl,
  sandbox: c.sandbox,
  scheduledFor: c.scheduledFor,
  optedOut: c.optedOut,
  agentId: c.agentId,
  agentVersion: c.agentVersion,
  retryOf: c.retryOf,
  attempt: c.attempt,
  transferredTo: c.transferredTo,
  transferredAt: c.transferredAt,
};
export type RenderedCallRow = Pick<CallRow, keyof typeof renderedCallColumns>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const ended = (row: RenderedCallRow) =>
  row.queueStatus === 'complete' || row.queueStatus === 'call_error';

const STATUS: Record<CallRow['queueStatus'], CallDetailBody['status']> = {
  queued: 'queued',
  started: 'started',
  complete: 'completed',
  call_error: 'error',
};

export interface RenderOptions {
  origin: string;
  urlSigningKey: string;
  nowMs: number;
  /** The call's tool calls (see lib/calls/actions/tool-calls.ts); unread: []. */
  toolCalls?: CallDetailBody['tool_calls'];
  /** Another way to write a recorded call's link (a cached rendering marks where links go). */
  recordingUrl?: (callId: string) => string;
}

/** The call as the API shows it: every field present, null where not applicable. */
export function renderCall(
  row: RenderedCallRow,
  lines: TranscriptRow[] | null,
  options: RenderOptions,
): CallDetailBody {
  const done = ended(row);
  const transcripts = (lines ?? []).map((line) => ({
    id: line.id,
    created_at: line.createdAt.toISOString(),
    text: line.text,
    user: line.user,
    c_id: row.id,
  }));
  return {
    call_id: row.id,
    c_id: row.id,
    status: STATUS[row.queueStatus],
    queue_status: row.queueStatus,
    completed: done,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    end_at: iso(row.endAt),
    direction: row.direction,
    to: row.toNumber,
    from: row.fromNumber,
    call_length: done ? Math.round((row.durationMs / 60_000) * 10_000) / 10_000 : null,
    corrected_duration: done ? String(Math.round(row.durationMs / 1000)) : null,
    max_duration: row.maxDuration,
    request_data: row.requestData ?? null,
    metadata: row.metadata ?? null,
    answered_by: (row.answeredBy as CallDetailBody['answered_by']) ?? null,
    call_ended_by: (row.callEndedBy as CallDetailBody['call_ended_by']) ?? null,
    error_message: row.errorMessage,
    batch_id: row.batchId,
    record: row.record,
    recording_url:
      row.record && done && row.durationMs > 0
        ? (options.recordingUrl?.(row.id) ??
          signRecordingUrl(options.origin, options.urlSigningKey, row.id, options.nowMs))
        : null,
    transcripts,
    concatenated_transcript: transcripts.map((t) => `${t.user}: ${t.text}`).join('\n'),
    summary: row.summary,
    analysis: row.analysis ?? null,
    analysis_error: row.analysisError,
    analysis_by: (row.analysisBy as CallDetailBody['analysis_by']) ?? null,
    analysis_schema: row.analysisSchema ?? null,
    tool_calls: options.toolCalls ?? [],
    transferred_to: row.transferredTo,
    transferred_at: iso(row.transferredAt),
    price: row.priceMicros === null ? null : microsToUsd(row.priceMicros),
    endpoint_url: row.endpointUrl,
    sandbox: row.sandbox,
    scheduled_for: row.queueStatus === 'queued' ? iso(row.scheduledFor) : null,
    opted_out: row.optedOut,
    agent_id: row.agentId,
    agent_version: row.agentVersion,
    retry_of: row.retryOf,
    attempt: row.attempt,
  };
}

/** A call in a list: the detail without its transcript. */
export function renderCallListItem(row: RenderedCallRow, options: RenderOptions) {
  const detail: Partial<CallDetailBody> = renderCall(row, null, options);
  delete detail.transcripts;
  delete detail.concatenated_transcript;
  delete detail.tool_calls;
  return detail;
}
