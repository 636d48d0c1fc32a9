import {
  bigserial,
  index,
  integer,
  uniqueIndex,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { calls } from './calls';

export type { StoredCallTool } from './stored-call-tool';

export const toolCallStatuses = ['ok', 'error', 'timeout', 'refused'] as const;

/** Each time the agent called one of its call's tools. */
export const callToolCalls = pgTable(
  'call_tool_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id),
    name: text('name').notNull(),
    input: jsonb('input').$type<unknown>(),
    status: text('status', { enum: toolCallStatuses }).notNull(),
    httpStatus: integer('http_status'),
    durationMs: integer('duration_ms').notNull(),
    /** The start of the answer (or why it failed), as the model read it. */
    output: text('output').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * The sandbox step that called it (the step's transcript seq); NULL on a live call. A step
     * run again (its worker died, its lease lapsed) finds the row and does not call again.
     */
    step: integer('step'),
  },
  (t) => [
    index('call_tool_calls_call_idx').on(t.callId, t.id),
    uniqueIndex('call_tool_calls_step_key').on(t.callId, t.step, t.name),
  ],
);
