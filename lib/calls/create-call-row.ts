import { randomUUID } from 'node:crypto';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { CallDispatchInput } from '@/schemas/calls';
import { isCheckViolation, schema, type Executor } from '../adapters/db';
import type { CallProvider } from '../adapters/telephony';
import { walletHoldHead, type CallHold } from '../wallet';
import { fillPlaceholders } from './fill-placeholders';

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
    scheduledFor: call.scheduledFor ?? null,
    agentId: call.agent?.id ?? null,
    agentVersion: call.agent?.version ?? null,
    nextStepAt: call.errorMessage ? null : (call.scheduledFor ?? now),
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
 * Inserts a single call with its wallet hold in one statement (walletHoldHead): the call row is
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
  const values = newCallValues(provider, call, now);
  const present = Object.keys(values) as (keyof CallValues)[];
  const statement = heldInsertStatement(present);
  const record = JSON.stringify(
    Object.fromEntries(present.map((k) => [callColumns[k].name, values[k] ?? null])),
  );
  const head = walletHoldHead({
    orgId: call.orgId,
    maxDurationMinutes: call.request.max_duration,
    pricePerMinuteMicros,
  });
  let result;
  try {
    result = await db.execute(sql`${head} ${statement.insert}${record}${statement.rest}`);
  } catch (error) {
    // The wallet's CHECK (held within the balance) stands behind the statement's own arithmetic.
    if (isCheckViolation(error)) return null;
    throw error;
  }
  const rows = (result as unknown as { rows: { id: string }[] }).rows;
  return rows[0]?.id ?? null;
}

/** Written by insertHeldCall from the hold, not from the request. */
const HELD_KEYS = new Set<string>(['heldMicros', 'maxDuration', 'cutByHold']);

// The insert's text around its one JSON parameter, built once per set of columns (every single
// call has the same): composing ~40 identifiers per request cost more than the database's work.
const heldInserts = new Map<string, { insert: SQL; rest: SQL }>();

function heldInsertStatement(present: (keyof CallValues)[]): { insert: SQL; rest: SQL } {
  const cacheKey = present.join(',');
  let statement = heldInserts.get(cacheKey);
  if (!statement) {
    const names = present.filter((k) => !HELD_KEYS.has(k)).map((k) => `"${callColumns[k].name}"`);
    statement = {
      insert: sql.raw(
        `INSERT INTO calls (${names.join(', ')}, held_micros, max_duration, cut_by_hold) ` +
          `SELECT ${names.map((n) => `r.${n}`).join(', ')}, h.held_micros, ` +
          'least(r.max_duration, h.minutes), h.minutes < r.max_duration ' +
          'FROM json_populate_record(null::calls, ',
      ),
      rest: sql.raw('::json) r, wallet_hold h RETURNING id'),
    };
    heldInserts.set(cacheKey, statement);
  }
  return statement;
}
