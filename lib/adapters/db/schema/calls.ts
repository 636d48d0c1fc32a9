import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organizations } from './orgs';
import { agents } from './agents';
import type { StoredCallTool } from './stored-call-tool';
import type {
  CallSpeechControl,
  CallVoicemail,
  LineState,
  RetryPolicy,
  TransferSettings,
} from './call-row-types';
import { callDirections } from '../../../../schemas/stored-values';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const queueStatuses = ['queued', 'started', 'complete', 'call_error'] as const;
export type QueueStatus = (typeof queueStatuses)[number];

export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    campaignId: text('campaign_id'),
    label: text('label').notNull(),
    basePrompt: text('base_prompt').notNull(),
    endpointCode: text('endpoint_code').notNull(),
    callParams: jsonb('call_params').$type<Record<string, unknown>>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('batches_org_idx').on(t.orgId)],
);

export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    batchId: uuid('batch_id').references(() => batches.id),
    queueStatus: text('queue_status', { enum: queueStatuses }).notNull(),
    /** outbound: placed by us; inbound: a caller rang one of the org's numbers (to_number). */
    direction: text('direction', { enum: callDirections }).notNull().default('outbound'),
    toNumber: text('to_number').notNull(),
    fromNumber: text('from_number').notNull(),
    task: text('task').notNull(),
    voice: text('voice'),
    firstSentence: text('first_sentence'),
    waitForGreeting: boolean('wait_for_greeting').notNull(),
    maxDuration: doublePrecision('max_duration').notNull(),
    record: boolean('record').notNull(),
    /** The call's own end-of-turn window (POST /v1/calls end_of_turn); null: the server's. */
    endOfTurnMinMs: integer('end_of_turn_min_ms'),
    endOfTurnMaxMs: integer('end_of_turn_max_ms'),
    webhook: text('webhook'),
    language: text('language'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    requestData: jsonb('request_data').$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull(),
    startedAt: at('started_at'),
    endAt: at('end_at'),
    answeredBy: text('answered_by'),
    callEndedBy: text('call_ended_by'),
    errorMessage: text('error_message'),
    /** Length of the real synthesized audio of the call, in milliseconds. */
    durationMs: integer('duration_ms').notNull().default(0),
    priceMicros: bigint('price_micros', { mode: 'number' }),
    /** The API key that placed the call (its charge's ledger row names it); NULL otherwise. */
    keyId: text('key_id'),
    /**
     * What the call reserved of its key's monthly cap at dispatch (its longest possible cost),
     * trued up to the real charge when it ends; NULL when the key had no cap.
     */
    keyReservedMicros: bigint('key_reserved_micros', { mode: 'number' }),
    /**
     * What the call holds from its org's wallet (lib/wallet): its worst case, taken at dispatch (a
     * batch call: at its dial) and settled when it ends. NULL: not held yet (a queued batch call).
     */
    heldMicros: bigint('held_micros', { mode: 'number' }),
    /** max_duration was cut to what the wallet could hold: the agent says so before the end. */
    cutByHold: boolean('cut_by_hold').notNull().default(false),
    summary: text('summary'),
    /** Results after the call (issue 33): how to write the summary, and what to extract. */
    summaryPrompt: text('summary_prompt'),
    analysisSchema: jsonb('analysis_schema').$type<Record<string, unknown>>(),
    analysisPrompt: text('analysis_prompt'),
    /** The request's tools, header values sealed (see call-tools.ts); null without tools. */
    tools: jsonb('tools').$type<StoredCallTool[]>(),
    /** The extracted fields, valid against analysis_schema; null with analysis_error on failure. */
    analysis: jsonb('analysis').$type<Record<string, unknown>>(),
    analysisError: text('analysis_error'),
    /** 'llm' or 'scripted': what extracted the analysis. */
    analysisBy: text('analysis_by'),
    /** Machine detection was asked for, and what to do on a voicemail; NULL: not asked for. */
    voicemail: jsonb('voicemail').$type<CallVoicemail>(),
    /** The request's speech control; NULL: the defaults. */
    speechControl: jsonb('speech_control').$type<CallSpeechControl>(),
    provider: text('provider').notNull(),
    endpointUrl: text('endpoint_url').notNull(),
    sandbox: boolean('sandbox').notNull(),
    /** The API origin the call was placed through: links in its webhook point there. */
    apiOrigin: text('api_origin').notNull(),
    /** The carrier's id of the call (Twilio's call SID); null on the sandbox line. */
    carrierCallSid: text('carrier_call_sid'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    /** Scheduling: when the next step is due, and which worker holds it until when. */
    nextStepAt: at('next_step_at'),
    leaseToken: text('lease_token'),
    leaseUntil: at('lease_until'),
    /**
     * Held in the queue until then: the callee's calling hours (lib/calls/rules) or the request's
     * start_time. NULL: not held. A call held for its start_time has no next_step_at until the
     * scheduled-calls job releases it (lib/calls/scheduling).
     */
    scheduledFor: at('scheduled_for'),
    /** The request's retry policy (POST /v1/calls retry), carried by every attempt; NULL: none. */
    retry: jsonb('retry').$type<RetryPolicy>(),
    /** The first call of a retried series; NULL on that first call itself. */
    retryOf: uuid('retry_of').references((): AnyPgColumn => calls.id),
    /** Which attempt of its series this call is: 1 for a first call. */
    attempt: integer('attempt').notNull().default(1),
    /** The saved agent whose settings the call started from (lib/calls/agents), and which version. */
    agentId: uuid('agent_id').references(() => agents.id),
    agentVersion: integer('agent_version'),
    /** Where the agent may hand the caller (transfer_*); null: no transfer_call action. */
    transfer: jsonb('transfer').$type<TransferSettings>(),
    /** The number the caller was handed to, and when (the call then ends by TRANSFER). */
    transferredTo: text('transferred_to'),
    transferredAt: at('transferred_at'),
    /** The callee asked during the call not to be called again (their number went on the DNC list). */
    optedOut: boolean('opted_out').notNull().default(false),
    /** Provider state between steps (the simulated line's script position). */
    lineState: jsonb('line_state').$type<LineState>(),
    /**
     * Raised by a trigger (migration 0003) whenever a column GET /batch's analysis reads changes,
     * so a batch's count and sum of these say whether a cached analysis is still current.
     */
    analysisVersion: integer('analysis_version').notNull().default(0),
    /**
     * Raised by triggers (migration 0007) on every update of a batch's call and every transcript
     * line added to it, so a batch's count and sum of these say whether its rendered calls are
     * still current.
     */
    renderVersion: integer('render_version').notNull().default(0),
  },
  (t) => [
    index('calls_org_created_idx').on(t.orgId, t.createdAt, t.id),
    // With the version: the analysis stamp of a batch is read from the index alone where the
    // visibility map allows (a vacuumed Postgres), not from 10,000 wide rows.
    index('calls_batch_version_idx').on(t.batchId, t.analysisVersion, t.renderVersion),
    index('calls_due_idx')
      .on(t.nextStepAt)
      .where(sql`${t.queueStatus} IN ('queued', 'started')`),
    index('calls_org_active_idx')
      .on(t.orgId)
      .where(sql`${t.queueStatus} = 'started'`),
    // The console's live pages poll their org's live calls (lib/console/live-version): only the
    // queued and running rows are in it, however many ended calls the org has.
    index('calls_org_live_idx')
      .on(t.orgId, t.queueStatus, t.id)
      .where(sql`${t.queueStatus} IN ('queued', 'started')`),
    // The scheduled-calls job's sweep: calls waiting for their start_time (or retry) alone.
    index('calls_scheduled_idx')
      .on(t.scheduledFor)
      .where(sql`${t.queueStatus} = 'queued' AND ${t.nextStepAt} IS NULL`),
    // One row per attempt of a series, however an ending were replayed.
    uniqueIndex('calls_retry_attempt_key')
      .on(t.retryOf, t.attempt)
      .where(sql`${t.retryOf} IS NOT NULL`),
    uniqueIndex('calls_carrier_call_sid_key')
      .on(t.carrierCallSid)
      .where(sql`${t.carrierCallSid} IS NOT NULL`),
    uniqueIndex('calls_idempotency_key')
      .on(t.orgId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    check(
      'calls_queue_status',
      sql`${t.queueStatus} IN ('queued', 'started', 'complete', 'call_error')`,
    ),
    check('calls_direction', sql`${t.direction} IN ('outbound', 'inbound')`),
    check('calls_price_nonnegative', sql`${t.priceMicros} IS NULL OR ${t.priceMicros} >= 0`),
    check('calls_held_nonnegative', sql`${t.heldMicros} IS NULL OR ${t.heldMicros} >= 0`),
  ],
);

export const transcripts = pgTable(
  'transcripts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id),
    /** Position in the call; unique, so a step that runs twice cannot add its line twice. */
    seq: integer('seq').notNull(),
    user: text('user', { enum: ['assistant', 'user', 'agent-action'] }).notNull(),
    text: text('text').notNull(),
    /** Offset of this line's audio from the start of the call, and its length. */
    startMs: integer('start_ms').notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('transcripts_call_seq_key').on(t.callId, t.seq)],
);

/** Audio of recorded calls: one PCM segment per line while the call runs, one WAV at the end. */
export const callAudio = pgTable(
  'call_audio',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id),
    /** A transcript seq for a segment; -1 for the finished WAV. */
    seq: integer('seq').notNull(),
    sampleRate: integer('sample_rate').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [uniqueIndex('call_audio_call_seq_key').on(t.callId, t.seq)],
);
