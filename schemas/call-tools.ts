// The call's own tools (issue 33): functions the agent may call mid-call, each an HTTP request to
// the customer's API, and the record of each time it did.
import { z } from './zod';
import { STORABLE, storable, storableDeep } from './text';

export const MAX_CALL_TOOLS = 20;
export const MAX_TOOL_HEADER_BYTES = 8 * 1024;
/** What every API shows in place of a tool's header value (the names stay, the values never). */
export const HIDDEN_HEADER_VALUE = '[hidden]';
/** Names the platform's own actions use: a tool may not take them. */
export const RESERVED_TOOL_NAMES = ['opt_out', 'transfer_call', 'press_digits'];

const headerBytes = (headers: Record<string, string>) =>
  Object.entries(headers).reduce(
    (sum, [name, value]) => sum + Buffer.byteLength(name) + Buffer.byteLength(value),
    0,
  );

export const CallTool = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only, at most 64')
      .refine((name) => !RESERVED_TOOL_NAMES.includes(name), 'is reserved')
      .describe('The function’s name as the model sees it, e.g. `book_slot`.'),
    description: z
      .string()
      .trim()
      .min(1)
      .max(1_000)
      .refine(storable, STORABLE)
      .describe('What it does and when to call it, for the model.'),
    input_schema: z
      .record(z.string(), z.unknown())
      .refine(storableDeep, STORABLE)
      .refine((schema) => schema.type === 'object', 'must be a JSON Schema object (type "object")')
      .describe(
        'JSON Schema of the input, `type: "object"`; the model’s input is validated against it ' +
          '(draft 2020-12 keywords: properties, required, type, enum, minimum/maximum, ' +
          'minLength/maxLength, pattern, format, items, examples, default) before the request.',
      ),
    url: z
      .string()
      .trim()
      .max(2_048)
      .refine(storable, STORABLE)
      .describe(
        'https URL that receives `{ call_id, tool, input }`, signed like our webhooks (Standard ' +
          'Webhooks, the organization’s secret). Private, loopback and metadata addresses are ' +
          'refused.',
      ),
    method: z
      .enum(['POST', 'GET'])
      .default('POST')
      .describe(
        'POST (default): the JSON as the body. GET: the same JSON in the `payload` query ' +
          'parameter (the signature covers it).',
      ),
    headers: z
      .record(z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'not a header name'), z.string())
      .refine((headers) => headerBytes(headers) <= MAX_TOOL_HEADER_BYTES, 'at most 8 KB in all')
      .nullish()
      .describe(
        'Headers sent with each request (e.g. Authorization). Secrets: stored encrypted, never ' +
          'returned by any API, not in request_data, audit log or webhooks.',
      ),
    timeout_ms: z
      .int()
      .min(500)
      .max(10_000)
      .default(5_000)
      .describe('How long to wait for the answer, 500–10,000 ms; default 5,000.'),
    speech: z
      .string()
      .trim()
      .max(500)
      .refine(storable, STORABLE)
      .nullish()
      .describe('What the agent says while it waits; default a short filler.'),
  })
  .meta({ id: 'CallTool' });
export type CallToolInput = z.output<typeof CallTool>;

/** POST /v1/calls fields (spread into CallDispatchRequest). */
export const callToolFields = {
  tools: z
    .array(CallTool)
    .max(MAX_CALL_TOOLS)
    .superRefine((tools, ctx) => {
      const seen = new Set<string>();
      for (const [i, tool] of tools.entries()) {
        if (seen.has(tool.name))
          ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'duplicate tool name' });
        seen.add(tool.name);
      }
    })
    .nullish()
    .describe(
      `Up to ${MAX_CALL_TOOLS} functions the agent may call during the call, each an HTTP ` +
        'request to your API whose JSON answer (first 16 KB) the model reads. Each call of a ' +
        'tool is a transcript line (`agent-action`) and a row of the call’s `tool_calls`.',
    ),
};

export const ToolCallEntry = z
  .object({
    name: z.string(),
    input: z.unknown().describe('What the model sent (validated against input_schema).'),
    status: z
      .enum(['ok', 'error', 'timeout', 'refused'])
      .describe(
        'ok: a 2xx answer; error: another status, or input the schema refused; timeout: no ' +
          'answer within timeout_ms; refused: the URL resolved to an address not allowed.',
      ),
    http_status: z.int().nullable(),
    duration_ms: z.int(),
    output: z
      .string()
      .describe('The start of the answer (or why it failed), as the model read it.'),
    at: z.iso.datetime(),
  })
  .meta({ id: 'ToolCallEntry' });

/** The call detail's field. */
export const callToolDetailFields = {
  tool_calls: z
    .array(ToolCallEntry)
    .describe('Each call of one of the call’s tools, in order; [] without any.'),
};
