import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/platform/errors/api-error';
import type { ErrorCode } from '@/lib/platform/errors/error-codes';
import { toolErrorDetail } from '@/lib/tool-server/mcp/tool-hints';
import { listToolsInProcess, PROTOCOL_REVISIONS } from '../support/tool-list';

// What an agent's context pays for and reads in tools/list (issue 21): the size, schemas that
// clients can read, annotations, and wording in tool terms rather than REST's.

/** REST wording an agent cannot act on inside the tool server. */
const REST_WORDING =
  /\b(GET|POST|PUT|PATCH|DELETE) \/|\/v[12]\/|\bheaders?\b|Idempotency-Key|Retry-After|X-Request-Id|\b[1-5]\d\d [A-Z_]{4,}/;

/** Bytes of tools/list an agent may be asked to read; bench/tools-list.ts reports the same. */
const BUDGET_BYTES = 20_000;
/**
 * What the list may use today (issue 36): 3,000 bytes of the budget are kept for the call fields
 * and tools still to come, so a new field is a choice, not a squeeze. Issue 31 chose 300 of them:
 * create_call's `from` and `defer_to_calling_hours`, get_call's `scheduled_for` and `opted_out`.
 * Issue 34 chose 250: create_call's `agent_id` (a saved agent), get_call's `agent_id` and
 * `agent_version` (create_batch takes no agent here, to keep it at that). Issue 33 chose 290:
 * create_call's `analysis_schema` and `metadata` described, get_call's `analysis` (naming
 * analysis_error and analysis_by; prompts come with saved agents, create_batch's stay REST's).
 * Scheduled calls and retries chose 700 more: create_call's `start_time` and `retry`, get_call's
 * `retry_of` and `attempt` (create_batch's retry stays a REST setting). Inbound calls 300 more:
 * a call's `direction` (get_call, list_calls) and list_calls' direction filter. Issue 33's
 * surfaces made room for theirs instead (create_call's `voicemail_message` and
 * `transfer_phone_number`, get_call's TRANSFER): shorter wording of create_call, get_call's
 * direction, error_message, call_length and price, create_batch's call_data, and no
 * reduce_latency (a REST no-op) in create_batch; the list came out 15 bytes smaller.
 */
const IN_USE_BYTES = 18_800;

function* walk(node: unknown, path = ''): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(node))
    for (const [i, item] of node.entries()) yield* walk(item, `${path}/${i}`);
  else if (typeof node === 'object' && node !== null) {
    yield [path, node as Record<string, unknown>];
    for (const [key, value] of Object.entries(node)) yield* walk(value, `${path}/${key}`);
  }
}

describe('tools/list', () => {
  // Each revision wraps the tools in fields of its own (2026-07-28: resultType, ttlMs,
  // cacheScope, serverInfo), so each is measured as it goes over the wire.
  it.each(PROTOCOL_REVISIONS)(
    `on %s: the result fits in ${IN_USE_BYTES} bytes (budget ${BUDGET_BYTES})`,
    async (revision) => {
      const { bytes, bytesByTool, tools } = await listToolsInProcess(revision);
      console.log(`tools/list on ${revision}: ${bytes} bytes`, bytesByTool);
      expect(tools.length).toBeGreaterThanOrEqual(11);
      expect(bytes).toBeLessThanOrEqual(IN_USE_BYTES);
    },
  );

  it('has no regex beside a format, no root $ref, and every input lists its properties', async () => {
    const { tools } = await listToolsInProcess();
    for (const tool of tools) {
      for (const key of ['inputSchema', 'outputSchema'] as const) {
        const schema = tool[key] as Record<string, unknown>;
        expect(schema.$ref, `${String(tool.name)} ${key}`).toBeUndefined();
        expect(schema.type).toBe('object');
        for (const [path, node] of walk(schema)) {
          expect(node.format && node.pattern, `${String(tool.name)} ${key}${path}`).toBeFalsy();
        }
      }
      expect(tool.inputSchema).toHaveProperty('properties');
    }
    const speech = tools.find((t) => t.name === 'generate_speech')!;
    const input = speech.inputSchema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(input.properties)).toEqual(
      expect.arrayContaining(['text', 'voice', 'audio']),
    );
    expect(input.required).toEqual(['text', 'voice']);
  });

  it('marks read tools closed-world and advertises no list changes it could never send', async () => {
    const { tools, capabilities } = await listToolsInProcess();
    for (const tool of tools) {
      const annotations = tool.annotations as Record<string, boolean>;
      if (annotations.readOnlyHint)
        expect(annotations.openWorldHint, String(tool.name)).toBe(false);
    }
    expect((capabilities.tools as { listChanged?: boolean }).listChanged).not.toBe(true);
  });

  it('describes wait_for_call by what it returns', async () => {
    const { tools } = await listToolsInProcess();
    const wait = tools.find((t) => t.name === 'wait_for_call')!;
    const output = wait.outputSchema as { properties: Record<string, unknown> };
    for (const field of Object.keys(output.properties))
      expect(String(wait.description)).toContain(field);
  });

  it('speaks of tools and arguments, not REST paths, headers or statuses', async () => {
    const { tools } = await listToolsInProcess();
    const rest = [...walk(tools)]
      .filter(([, node]) => typeof node.description === 'string')
      .filter(([, node]) => REST_WORDING.test(String(node.description)))
      .map(([path, node]) => `${path}: ${String(node.description)}`);
    expect(rest).toEqual([]);
  });
});

describe('tool error hints', () => {
  const reachable: ErrorCode[] = [
    'NOT_FOUND',
    'INVALID_BODY',
    'INVALID_QUERY',
    'INTERNAL_ERROR',
    'SERVICE_UNAVAILABLE',
    'INSUFFICIENT_BALANCE',
    'IDEMPOTENCY_KEY_REUSED',
    'IDEMPOTENCY_KEY_IN_USE',
    'CALL_NOT_ACTIVE',
    'CONCURRENCY_LIMIT_REACHED',
    'SPEECH_FAILED',
    'VOICE_NOT_FOUND',
    'VOICE_NOT_LIVE',
    'INSUFFICIENT_SCOPE',
    'KEY_SPEND_CAP_REACHED',
    'WALLET_IN_DEBT',
    'AGENT_NOT_FOUND',
  ];
  it('name tools and arguments for every code a tool can return', () => {
    for (const code of reachable) {
      const detail = toolErrorDetail(new ApiError(code), 'get_call');
      expect(`${detail.message} ${detail.hint}`, code).not.toMatch(REST_WORDING);
    }
    expect(toolErrorDetail(new ApiError('VOICE_NOT_FOUND'), 'create_call').hint).toContain(
      'list_voices',
    );
    expect(toolErrorDetail(new ApiError('NOT_FOUND'), 'get_call').hint).toContain('list_calls');
    expect(toolErrorDetail(new ApiError('NOT_FOUND'), 'get_batch').hint).toContain('create_batch');
  });

  it('rename REST fields in messages to the argument', () => {
    const detail = toolErrorDetail(
      new ApiError('INVALID_BODY', {
        message: 'Idempotency-Key must be 1–255 printable ASCII characters.',
        field: 'Idempotency-Key',
      }),
      'create_call',
    );
    expect(detail).toMatchObject({
      message: 'idempotency_key must be 1–255 printable ASCII characters.',
      field: 'idempotency_key',
    });
  });
});
