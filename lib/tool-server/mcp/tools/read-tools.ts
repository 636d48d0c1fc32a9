import { requireScopes, type McpServer } from '@modelcontextprotocol/server';
import { getBatchJson } from '@/lib/calls';
import { getCallDetail } from '@/lib/calls';
import { listCallPage } from '@/lib/calls';
import { getBalanceAndLimits } from '@/lib/console';
import { listVoices } from '@/lib/speech';
import {
  BalanceAndLimits,
  GetBatchInput,
  GetBatchOutput,
  GetCallInput,
  GetCallOutput,
  ListCallsInput,
  ListCallsOutput,
  ListVoicesInput,
  ListVoicesOutput,
  NoInput,
  WaitForCallInput,
  WaitForCallOutput,
} from '@/schemas/mcp';
import { cachedJsonSchema } from '../cached-json-schema';
import { runTool } from '../tool-result';
import type { ToolContext } from '../types';
import { waitForCall } from '../wait-for-call';

// Closed world: they read our own records only, free of charge (readOnlyHint says so). destructiveHint and idempotentHint mean
// something only when readOnlyHint is false (MCP spec), so read tools leave them out.
const read = { readOnlyHint: true, openWorldHint: false } as const;
// No tool has a title: it would repeat the name, and tools/list has a 20 KB budget.
const scopeChallenge = requireScopes('mcp:read');

/** The read tools (scope mcp:read): nothing they do costs money or changes anything. */
export function registerReadTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'get_call',
    {
      description:
        'One phone call in full: status (queued, started, completed, error), who ended it, duration, price, transcript, and a recording link when recorded.',
      inputSchema: cachedJsonSchema(GetCallInput),
      outputSchema: cachedJsonSchema(GetCallOutput),
      annotations: read,
      scopeChallenge,
    },
    ({ call_id }) =>
      runTool('get_call', () => getCallDetail(ctx.calls, ctx.orgId, call_id, ctx.origin)),
  );

  server.registerTool(
    'list_calls',
    {
      description:
        "The organization's calls, newest first, without transcripts (use get_call for one). Filter by status or batch_id; page with next_cursor.",
      inputSchema: cachedJsonSchema(ListCallsInput),
      outputSchema: cachedJsonSchema(ListCallsOutput),
      annotations: read,
      scopeChallenge,
    },
    (query) => runTool('list_calls', () => listCallPage(ctx.calls, ctx.orgId, query, ctx.origin)),
  );

  server.registerTool(
    'wait_for_call',
    {
      description:
        'Waits until the call has ended (completed or error) or timeout_seconds pass (default 25, at most 55), sending progress notifications when the client asks for them. Returns finished (true once ended), waited_seconds and call (the record get_call returns). Call again while finished is false.',
      inputSchema: cachedJsonSchema(WaitForCallInput),
      outputSchema: cachedJsonSchema(WaitForCallOutput),
      annotations: read,
      scopeChallenge,
    },
    (input, extra) =>
      runTool('wait_for_call', () =>
        waitForCall(ctx, input, {
          signal: extra.mcpReq.signal,
          progressToken: extra.mcpReq._meta?.progressToken,
          notify: (notification) => extra.mcpReq.notify(notification),
        }),
      ),
  );

  server.registerTool(
    'get_batch',
    {
      description:
        "A batch's parameters, its analysis (calls by status, call lengths, errors) and each call; include_calls, include_transcripts and include_analysis leave parts out.",
      inputSchema: cachedJsonSchema(GetBatchInput),
      outputSchema: cachedJsonSchema(GetBatchOutput),
      annotations: read,
      scopeChallenge,
    },
    (input) =>
      runTool('get_batch', async () => {
        const json = await getBatchJson(ctx.calls.db, ctx.orgId, input, {
          origin: ctx.origin,
          urlSigningKey: ctx.calls.settings.urlSigningKey,
          nowMs: ctx.calls.clock.now(),
        });
        return JSON.parse(json) as Record<string, unknown>;
      }),
  );

  server.registerTool(
    'list_voices',
    {
      description:
        "The voices usable in create_call and generate_speech: the catalogue personas and the organization's own clones (drafts cannot be used until promoted).",
      inputSchema: cachedJsonSchema(ListVoicesInput),
      outputSchema: cachedJsonSchema(ListVoicesOutput),
      annotations: read,
      scopeChallenge,
    },
    ({ include_engine }) =>
      runTool('list_voices', async () => ({
        voices: await listVoices(ctx.speech, ctx.orgId, { includeEngine: include_engine }),
      })),
  );

  server.registerTool(
    'get_balance_and_limits',
    {
      description:
        'The wallet balance (pays calls and speech), deposits, whether the $5 unlock applies, effective limits and speech generations in flight.',
      inputSchema: cachedJsonSchema(NoInput),
      outputSchema: cachedJsonSchema(BalanceAndLimits),
      annotations: read,
      scopeChallenge,
    },
    () => runTool('get_balance_and_limits', () => getBalanceAndLimits(ctx.calls, ctx.orgId)),
  );
}
