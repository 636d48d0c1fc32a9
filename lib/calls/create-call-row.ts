import { randomUUID } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { CallDispatchInput } from '@/schemas/calls';
import { isCheckViolation, prepareRaw, schema, type Executor } from '../adapters/db';
import type { CallProvider } from '../adapters/telephony';
import {
  WALLET_HOLD_HEAD,
  WALLET_HOLD_PARAMS,
  walletHoldCtes,
  walletHoldValues,
  type CallHold,
} from '../wallet';
import { FOLDED_RULES_PARAMS, foldedRulesCtes, type FoldedRules, type OrgViewRow } from './rules';
import { fillPlaceholders } from './fill-placeholders';
import { speechControlOf, voicemailOf } from './call-controls';
import type { StoredCallTool } from '../adapters/db/schema/call-tools';
import { transferSettingsOf } from './actions/transfer-settings';

export interface NewCall {
  orgId: string;
  request: CallDispatchInput;
  /** Stored as the call's request_data: what the caller sent (a batch call: its row). */
  requestData: Record<string, unknown>;
  batchId?: string | null;
  /** A row that could not be placed at all (a batch row with a bad number) starts as call_error. */
  errorMessage?: string;
  idempotencyKey?: string;
  requestHash?: string;
  apiOrigin: string;
  /** The API key that placed it (its charge names the key); NULL otherwise. */
  keyId?: string | null;
  /** What the call holds of its key's monthly cap (see calls.key_reserved_micros). */
  keyReservedMicros?: number | null;
  /** What it holds of the wallet, taken in the same transaction (lib/wallet holdForCall). */
  hold?: CallHold;
  /** Queued until the callee's calling hours open (defer_to_calling_hours); absent: due now. */
  scheduledFor?: Date | null;
  /**
   * The request's start_time: held (no next step) until the scheduled-calls job releases it then;
   * scheduledFor, when later (the callee's calling hours), is when it is released instead.
   */
  startTime?: Date | null;
  /** The request's tools as stored (header values sealed: lib/calls/actions). */
  tools?: StoredCallTool[] | null;
  /** The saved agent whose settings the request took (agent_id), at the version it read. */
  agent?: { id: string; version: number } | null;
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
    maxDuration: call.hold?.maxDurationMinutes ?? request.max_duration,
    record: request.record,
    endOfTurnMinMs: request.end_of_turn?.min_ms ?? null,
    endOfTurnMaxMs: request.end_of_turn?.max_ms ?? null,
    webhook: request.webhook ?? null,
    language: request.language ?? null,
    metadata: request.metadata ?? null,
    summaryPrompt: request.summary_prompt ?? null,
    analysisSchema: (request.analysis_schema as Record<string, unknown> | null | undefined) ?? null,
    analysisPrompt: request.analysis_prompt ?? null,
    voicemail: voicemailOf(request),
    speechControl: speechControlOf(request),
    tools: call.tools ?? null,
    requestData: call.requestData,
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
    keyId: call.keyId ?? null,
    keyReservedMicros: call.keyReservedMicros ?? null,
    heldMicros: call.hold?.heldMicros ?? null,
    cutByHold: call.hold?.cutByHold ?? false,
    scheduledFor: call.scheduledFor ?? call.startTime ?? null,
    retry: request.retry ?? null,
    transfer: transferSettingsOf(request),
    agentId: call.agent?.id ?? null,
    agentVersion: call.agent?.version ?? null,
    nextStepAt: call.errorMessage || call.startTime ? null : (call.scheduledFor ?? now),
  };
}

type CallValues = ReturnType<typeof newCallValues>;

// The insert is built once per executor and prepared: building a 30-column insert in the query
// builder on every dispatch cost more than the database's own work for it.
const inserts = new WeakMap<Executor, ReturnType<typeof prepareInsert>>();
const callColumns = getTableColumns(schema.calls);

function prepareInsert(db: Executor, columns: (keyof CallValues)[]) {
  // Raw placeholders, encoded in `driverValues`: drizzle would run each column's encoder on a
  // null too (a null timestamp throws, a null jsonb becomes JSON null).
  const values = Object.fromEntries(
    columns.map((column) => [column, sql`${sql.placeholder(column)}`]),
  );
  return db
    .insert(schema.calls)
    .values(values as PgInsertValue<typeof schema.calls>)
    .prepare('insert_call');
}

function driverValues(values: CallValues): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      value === null || value === undefined
        ? null
        : callColumns[name as keyof typeof callColumns].mapToDriverValue(value),
    ]),
  );
}

export async function insertCall(
  db: Executor,
  provider: CallProvider,
  call: NewCall,
  now: Date,
): Promise<string> {
  const values = newCallValues(provider, call, now);
  let insert = inserts.get(db);
  if (!insert) {
    insert = prepareInsert(db, Object.keys(values) as (keyof CallValues)[]);
    inserts.set(db, insert);
  }
  await insert.execute(driverValues(values));
  return values.id!;
}

/**
 * Inserts a single call with its wallet hold in one statement (WALLET_HOLD_HEAD): the call row is
 * read from one JSON parameter over the calls row type (as insertBatchCalls does), with its hold,
 * and max_duration cut to what the hold pays. Returns the call's id, or null when the wallet
 * refused (nothing owed and less than one minute payable, or a debt): nothing was written.
 */
export async function insertHeldCall(
  db: Executor,
  provider: CallProvider,
  call: NewCall,
  pricePerMinuteMicros: number,
  now: Date,
): Promise<string | null> {
  const result = await runHeldInsert<{ id: string }>(db, provider, call, pricePerMinuteMicros, now);
  return result?.rows[0]?.id ?? null;
}

/**
 * insertHeldCall with the calling rules' database part folded in (lib/calls/rules
 * foldDispatchRules): the hold and the insert happen only when the org-level rules pass. Returns
 * the call's id (null when nothing was written: refused by the rules, by the wallet, or left to
 * the rules' own judgement) and the org's view the rules read, to judge it by (null when the
 * wallet's CHECK refused the whole statement).
 */
export async function insertHeldCallWithRules(
  db: Executor,
  provider: CallProvider,
  call: NewCall,
  pricePerMinuteMicros: number,
  now: Date,
  rules: FoldedRules,
): Promise<{ id: string | null; view: OrgViewRow | null }> {
  const result = await runHeldInsert<OrgViewRow & { id: string | null }>(
    db,
    provider,
    call,
    pricePerMinuteMicros,
    now,
    rules,
  );
  // The wallet's CHECK refused the statement: no view was read either.
  if (!result) return { id: null, view: null };
  const { id, ...view } = result.rows[0]!;
  return { id, view };
}

async function runHeldInsert<Row>(
  db: Executor,
  provider: CallProvider,
  call: NewCall,
  pricePerMinuteMicros: number,
  now: Date,
  rules?: FoldedRules,
): Promise<{ rows: Row[] } | null> {
  const values = newCallValues(provider, call, now);
  const present = Object.keys(values) as (keyof CallValues)[];
  const record: Record<string, unknown> = {};
  for (const key of present) record[callColumns[key].name] = values[key] ?? null;
  try {
    return await heldInsertStatement<Row>(db, present, rules !== undefined).execute({
      ...walletHoldValues({
        orgId: call.orgId,
        maxDurationMinutes: call.request.max_duration,
        pricePerMinuteMicros,
      }),
      record: JSON.stringify(record),
      ...rules,
    });
  } catch (error) {
    // The wallet's CHECK (held within the balance) stands behind the statement's own arithmetic.
    if (isCheckViolation(error)) return null;
    throw error;
  }
}

/**
 * The dispatch commits without waiting for its WAL to reach the disk (synchronous_commit off for
 * this transaction only, read by Postgres at commit). The hold writes the organization's row, so
 * one organization's dispatches take turns on that row until each commits; waiting for a disk
 * flush inside every turn served ten parallel dispatches at half the rate (bench/README.md,
 * "Wallet holds"). What it risks: a dispatch answered in the last fraction of a second before the
 * database server crashes may be forgotten, call and hold together (never one without the other).
 * Nothing outside the database has acted on it by then: the dial step's claim commits
 * synchronously, and WAL is flushed in order, so a call that is dialled was already on disk.
 */
const ASYNC_COMMIT = 'async_commit';
const ASYNC_COMMIT_CTE = `${ASYNC_COMMIT} AS (SELECT set_config('synchronous_commit', 'off', true))`;

/** Written by insertHeldCall from the hold, not from the request. */
const HELD_KEYS = new Set<string>(['heldMicros', 'maxDuration', 'cutByHold']);

// The statement's text, built once per set of columns (every single call has the same) and
// prepared under a name per text: composing ~40 identifiers and the hold per request, and
// Postgres parsing and planning the whole statement each time, cost more than inserting the row.
const heldInserts = new Map<string, { name: string; text: string; params: string[] }>();

function heldInsertStatement<Row>(db: Executor, present: (keyof CallValues)[], folded: boolean) {
  const cacheKey = `${folded ? 'rules:' : ''}${present.join(',')}`;
  let statement = heldInserts.get(cacheKey);
  if (!statement) {
    const names = present.filter((k) => !HELD_KEYS.has(k)).map((k) => `"${callColumns[k].name}"`);
    const ref = (param: number) => `$${param}`;
    // $1–$3 the hold's, $4 the call's row, then the rules' own.
    const record = ref(WALLET_HOLD_PARAMS.length + 1);
    const rulesRefs = FOLDED_RULES_PARAMS.map((_, i) => ref(WALLET_HOLD_PARAMS.length + 2 + i));
    const insert =
      `INSERT INTO calls (${names.join(', ')}, held_micros, max_duration, cut_by_hold) ` +
      `SELECT ${names.map((n) => `r.${n}`).join(', ')}, h.held_micros, ` +
      'least(r.max_duration, h.minutes), h.minutes < r.max_duration ' +
      `FROM json_populate_record(null::calls, ${record}::json) r, wallet_hold h, ${ASYNC_COMMIT} ` +
      'RETURNING id';
    statement = folded
      ? {
          name: `insert_held_call_ruled_${heldInserts.size}`,
          text:
            `WITH ${foldedRulesCtes('$1', rulesRefs)}, ` +
            `${walletHoldCtes('EXISTS (SELECT 1 FROM rules_pass)')}, ${ASYNC_COMMIT_CTE}, ` +
            `inserted AS (${insert}) ` +
            'SELECT v.*, (SELECT id FROM inserted) AS id FROM rules_view v',
          params: [...WALLET_HOLD_PARAMS, 'record', ...FOLDED_RULES_PARAMS],
        }
      : {
          name: `insert_held_call_${heldInserts.size}`,
          text: `${WALLET_HOLD_HEAD}, ${ASYNC_COMMIT_CTE} ${insert}`,
          params: [...WALLET_HOLD_PARAMS, 'record'],
        };
    heldInserts.set(cacheKey, statement);
  }
  return prepareRaw<Row>(db, statement.name, statement.text, statement.params);
}
