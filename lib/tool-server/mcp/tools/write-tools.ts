import { requireScopes, type McpServer } from '@modelcontextprotocol/server';
import { createBatch } from '@/lib/calls';
import { requireScope } from '@/lib/accounts';
import { startTopUp } from '@/lib/wallet';
import { dispatchCall } from '@/lib/calls';
import { stopCall } from '@/lib/calls';
import { shareSpeech } from '@/lib/speech';
import { CallStopResponse } from '@/schemas/call-detail';
import {
  CreateBatchInput,
  CreateBatchOutput,
  CreateCallInput,
  CreateCallOutput,
  CreateTopUpLinkInput,
  CreateTopUpLinkOutput,
  GenerateSpeechInput,
  GenerateSpeechOutput,
  StopCallInput,
} from '@/schemas/mcp';
import { cachedJsonSchema } from '../cached-json-schema';
import { runTool } from '../tool-result';
import type { ToolContext } from '../types';
import { asSent } from '../as-sent';
import { withVoicemailDetection } from '../voicemail-detection';

const scopeChallenge = requireScopes('mcp:write');

/** The write tools (scope mcp:write): they place calls, stop them or spend money. */
export function registerWriteTools(server: McpServer, ctx: ToolContext): void {
  const pricePerMinute = ctx.calls.settings.pricePerMinuteMicros / 1_000_000;
  const pricePer1k = ctx.speech.settings.pricePer1kMicros / 1_000_000;

  server.registerTool(
    'create_call',
    {
      description: `Dials phone_number now (or at start_time); an AI agent holds the conversation in task. $${pricePerMinute} per started minute, held from the wallet first (unconnected calls are free). Follow the call_id with wait_for_call.`,
      inputSchema: asSent(cachedJsonSchema(CreateCallInput)),
      outputSchema: cachedJsonSchema(CreateCallOutput),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
      scopeChallenge,
    },
    ({ confirm: _confirm, idempotency_key, ...body }) =>
      runTool('create_call', async () => {
        const { body: response, replayed } = await dispatchCall(ctx.calls, {
          orgId: ctx.orgId,
          key: ctx.key,
          body: withVoicemailDetection(body),
          idempotencyKey: idempotency_key ?? null,
          origin: ctx.origin,
        });
        return { ...response, replayed };
      }),
  );

  server.registerTool(
    'create_batch',
    {
      description: `Queues one call per row of call_data, each with base_prompt as its task ({{name}} filled from the row); $${pricePerMinute} per started minute each. Follow the batch_id with get_batch.`,
      inputSchema: cachedJsonSchema(CreateBatchInput),
      outputSchema: cachedJsonSchema(CreateBatchOutput),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
      scopeChallenge,
    },
    ({ confirm: _confirm, idempotency_key, ...body }) =>
      runTool('create_batch', () =>
        createBatch(ctx.calls, {
          orgId: ctx.orgId,
          key: ctx.key,
          body,
          origin: ctx.origin,
          idempotencyKey: idempotency_key ?? null,
        }),
      ),
  );

  server.registerTool(
    'stop_call',
    {
      description:
        'Hangs up a queued or ongoing call now (call_ended_by API); the minutes already talked are charged. An ended call answers CALL_NOT_ACTIVE.',
      inputSchema: cachedJsonSchema(StopCallInput),
      outputSchema: cachedJsonSchema(CallStopResponse),
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: true,
      },
      scopeChallenge,
    },
    ({ call_id }) =>
      runTool('stop_call', async () => {
        await stopCall(ctx.calls, ctx.orgId, call_id);
        return { status: 'success', message: 'Call ended successfully.' };
      }),
  );

  server.registerTool(
    'generate_speech',
    {
      description: `Speaks text in a voice from list_voices; returns a shareable audio link. Each play generates the audio, billed at $${pricePer1k} per 1,000 characters and counted against the concurrent-generation limit.`,
      inputSchema: cachedJsonSchema(GenerateSpeechInput),
      outputSchema: cachedJsonSchema(GenerateSpeechOutput),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
      scopeChallenge,
    },
    (input) =>
      runTool('generate_speech', async () => ({
        ...(await shareSpeech(ctx.speech, ctx.orgId, input, ctx.origin)),
        characters: input.text.length,
      })),
  );

  server.registerTool(
    'create_top_up_link',
    {
      description:
        'Returns checkout_url where a person pays amount_usd into the wallet (credited once paid). Never charges a saved card. Requires confirm=true.',
      inputSchema: cachedJsonSchema(CreateTopUpLinkInput),
      outputSchema: cachedJsonSchema(CreateTopUpLinkOutput),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
      scopeChallenge,
    },
    ({ amount_usd }) =>
      runTool('create_top_up_link', async () => {
        // Billing through a key goes only as far as its maker's role (POST /v1/billing/top-ups
        // needs billing:write, which only roles allowed billing.manage may give).
        if (ctx.key) requireScope(ctx.key, { scope: 'mcp:write', action: 'billing.manage' });
        return startTopUp(await ctx.billing(), {
          orgId: ctx.orgId,
          amountCents: Math.round(amount_usd * 100),
          keyId: null,
          origin: ctx.origin,
          actor: ctx.actor,
        });
      }),
  );
}
