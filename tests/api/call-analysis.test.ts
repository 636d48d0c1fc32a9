import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallAnalyzeResponse } from '@/schemas/call-analysis';
import { BatchResponse } from '@/schemas/batches';
import { CallWebhookEvent } from '@/schemas/webhooks';
import { AgentObject } from '@/schemas/agents';
import { eventually } from '../support/eventually';
import { expectError } from '../support/http';
import { startWebhookReceiver, verifyWebhook } from '../support/webhook-receiver';
import {
  createTestOrg,
  dispatch,
  orgDetail,
  startVoiceServerWithOrg,
  voice,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

let server: VoiceServer;
let org: TestOrg;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ server, org } = await startVoiceServerWithOrg(
    // The receiver listens on loopback, refused unless allow-listed. No LLM is configured: the
    // scripted brain fills the analysis.
    { env: { SANDBOX_TIME_SCALE: '200', WEBHOOK_ALLOW_IPS: '127.0.0.1' } },
    20,
  ));
});
afterAll(async () => {
  await receiver?.close();
  await server?.dispose();
});

const person = '+14155550123';
// The scripted agent speaks the task's sentences in turn; the sandbox's person answers a question
// with yes or no.
const TASK = 'Are you interested in the new plan? Say that we will send the details.';
const schema = {
  type: 'object',
  properties: {
    interested: { type: 'boolean', description: 'Interested in the new plan' },
    plan: { type: 'string', enum: ['basic', 'pro'] },
  },
};
const metadata = { crm_id: 'C-42', tags: ['spring'] };

/** What the callee answered to the agent's question about the plan, read as yes or no. */
function answered(transcripts: { user: string; text: string }[]): boolean {
  const asked = transcripts.findIndex((t) => t.user === 'assistant' && /interested/.test(t.text));
  const answer = transcripts.slice(asked + 1).find((t) => t.user === 'user')!.text;
  return !/^no\b/i.test(answer);
}

describe('results after the call', () => {
  it('fills analysis by rule, labelled scripted, with metadata and the request echoed on the call and its webhook', async () => {
    receiver.setStatus(204);
    const request = {
      phone_number: person,
      task: TASK,
      metadata,
      summary_prompt: 'One line: the outcome.',
      analysis_schema: schema,
      analysis_prompt: 'Interested means a clear yes.',
      webhook: receiver.url,
    };
    const callId = await dispatch(server.url, org.apiKey, request);
    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call).toMatchObject({
      queue_status: 'complete',
      metadata,
      request_data: request,
      analysis: { interested: answered(call.transcripts) },
      analysis_error: null,
      analysis_by: 'scripted',
      analysis_schema: schema,
    });
    // Nothing in the call names a plan: that field is left out rather than guessed.
    expect(call.analysis).not.toHaveProperty('plan');
    expect(call.summary).toMatch(/\S/);

    const secret = (await orgDetail(server.url, org.orgId)).webhook_signing_secret;
    const delivery = await eventually(() => receiver.received.find((r) => r.body.includes(callId)));
    const event = CallWebhookEvent.parse(verifyWebhook(secret, delivery));
    expect(event.data).toMatchObject({
      call_id: callId,
      metadata,
      analysis: call.analysis,
      analysis_by: 'scripted',
    });
  });

  it('re-runs the analysis of an ended call with a new schema through /analyze', async () => {
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: person,
      task: TASK,
    });
    const before = await waitForEnd(server.url, org.apiKey, callId);
    // Placed without a schema: no analysis, and no error either.
    expect(before).toMatchObject({ analysis: null, analysis_error: null, analysis_schema: null });

    const response = await voice(server.url, org.apiKey, `/v1/calls/${callId}/analyze`, {
      json: { analysis_schema: schema },
    });
    expect(response.status).toBe(200);
    const body = CallAnalyzeResponse.strict().parse(await response.json());
    expect(body).toEqual({
      status: 'success',
      call_id: callId,
      analysis: { interested: answered(before.transcripts) },
      analysis_error: null,
      analysis_by: 'scripted',
      analysis_schema: schema,
    });
    const after = await waitForEnd(server.url, org.apiKey, callId);
    expect(after).toMatchObject({ analysis: body.analysis, analysis_schema: schema });

    // A required field the call never answered: asked twice, then null with the reason.
    const strict = { ...schema, required: ['plan'] };
    const missing = await voice(server.url, org.apiKey, `/v1/calls/${callId}/analyze`, {
      json: { analysis_schema: strict },
    });
    expect(await missing.json()).toMatchObject({
      analysis: null,
      analysis_error: expect.stringContaining('plan: required but missing') as unknown,
    });
    expect((await waitForEnd(server.url, org.apiKey, callId)).analysis).toBeNull();
  });

  it('refuses /analyze on a call of another org, on a bad schema, and past 30 a minute', async () => {
    const callId = await dispatch(server.url, org.apiKey, { phone_number: person, task: TASK });
    await waitForEnd(server.url, org.apiKey, callId);
    const other = await createTestOrg(server.url);
    const analyze = (key: string, json: unknown) =>
      voice(server.url, key, `/v1/calls/${callId}/analyze`, { json });
    await expectError(await analyze(other.apiKey, { analysis_schema: schema }), 404, 'NOT_FOUND');
    const bad = await expectError(
      await analyze(org.apiKey, {
        analysis_schema: { type: 'object', properties: { a: { anyOf: [] } } },
      }),
      400,
      'INVALID_BODY',
    );
    expect(bad.envelope.error.message).toContain('"anyOf"');

    // A fresh org has its own allowance: 30 pass, the 31st is 429 with Retry-After.
    const busy = await createTestOrg(server.url);
    const own = await dispatch(server.url, busy.apiKey, { phone_number: person, task: TASK });
    await waitForEnd(server.url, busy.apiKey, own);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await voice(server.url, busy.apiKey, `/v1/calls/${own}/analyze`, {
        json: { analysis_schema: schema },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        await expectError(response, 429, 'RATE_LIMITED', false);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      } else await response.body?.cancel();
    }
    expect(statuses).toEqual([...Array<number>(30).fill(200), 429]);
  });

  it('refuses bad input with a clear error and dials nothing', async () => {
    const fresh = await createTestOrg(server.url);
    const properties = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { type: 'string' }]));
    const cases: [Record<string, unknown>, string][] = [
      [
        { analysis_schema: { type: 'object', properties: { a: { type: 'string', $ref: '#' } } } },
        'analysis_schema.properties.a.$ref: keyword "$ref" is not supported',
      ],
      [
        { analysis_schema: { type: 'object', properties: properties(51) } },
        'analysis_schema.properties: must name 1–50 fields (got 51)',
      ],
      [
        { metadata: { blob: 'x'.repeat(16 * 1024) } },
        'metadata: must be at most 16384 bytes as JSON (16 KB)',
      ],
      [
        {
          analysis_schema: {
            type: 'object',
            properties: { a: { type: 'string', description: 'x'.repeat(16 * 1024) } },
          },
        },
        'analysis_schema: must be at most 16384 bytes as JSON (16 KB)',
      ],
      [{ summary_prompt: '' }, 'summary_prompt:'],
    ];
    for (const [fields, message] of cases) {
      const response = await voice(server.url, fresh.apiKey, '/v1/calls', {
        json: { phone_number: person, task: TASK, ...fields },
      });
      const { envelope } = await expectError(response, 400, 'INVALID_BODY');
      expect(envelope.error.message).toContain(message);
    }
    const listed = (await (await voice(server.url, fresh.apiKey, '/v1/calls')).json()) as {
      count: number;
    };
    expect(listed.count).toBe(0);
  });

  it('carries analysis and metadata into a batch’s call_data, from call_params', async () => {
    const created = await voice(server.url, org.apiKey, '/v1/batches', {
      json: {
        base_prompt: TASK,
        label: 'analysis batch',
        call_data: [{ phone_number: person }],
        call_params: { analysis_schema: schema, metadata },
      },
    });
    expect(created.status).toBe(200);
    const { batch_id } = (await created.json()) as { batch_id: string };
    const batch = await eventually(async () => {
      const response = await fetch(`${server.url}/batch?batch_id=${batch_id}`, {
        headers: { authorization: org.apiKey },
      });
      const body = BatchResponse.parse(await response.json());
      return body.call_data?.every((c) => c.completed) ? body : undefined;
    }, 30_000);
    const [call] = batch.call_data!;
    expect(call).toMatchObject({
      metadata,
      analysis: { interested: answered(call!.transcripts!) },
      analysis_by: 'scripted',
    });
    expect(batch.batch_params).toMatchObject({ call_params: { analysis_schema: schema } });
  });

  it('takes summary_prompt, analysis_schema and analysis_prompt from a saved agent', async () => {
    const response = await voice(server.url, org.apiKey, '/v1/agents', {
      json: {
        name: 'Plan survey',
        task: TASK,
        summary_prompt: 'One line.',
        analysis_schema: schema,
        analysis_prompt: 'Be strict.',
      },
    });
    expect(response.status).toBe(201);
    const agent = AgentObject.parse(await response.json());
    expect(agent).toMatchObject({
      summary_prompt: 'One line.',
      analysis_schema: schema,
      analysis_prompt: 'Be strict.',
    });
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: person,
      agent_id: agent.agent_id,
    });
    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call).toMatchObject({
      analysis: { interested: answered(call.transcripts) },
      analysis_schema: schema,
    });
    const refused = await voice(server.url, org.apiKey, '/v1/agents', {
      json: { name: 'Bad', task: TASK, analysis_schema: { type: 'array' } },
    });
    const { envelope } = await expectError(refused, 400, 'INVALID_BODY');
    expect(envelope.error.message).toContain('analysis_schema.type');
  });
});
