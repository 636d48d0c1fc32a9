import { http, HttpResponse } from 'msw';
import { mswServer } from '../../support/msw/msw-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  LlmAgent,
  ScriptedAgent,
  type AgentContext,
  type AgentDelta,
} from '@/lib/adapters/agent-brain';

// msw stands in for an OpenAI-compatible chat-completions server (third-party); the agent and the
// official `openai` client it drives are real.
const BASE_URL = 'http://llm-actions.test/v1';

interface ChatRequest {
  stream?: boolean;
  tools?: { type: string; function: { name: string; parameters: unknown } }[];
  messages: { role: string; content: string }[];
}

const received: ChatRequest[] = [];
/** The server-sent events of the next reply: each a delta of the one choice. */
let deltas: object[] = [];
/** The next whole (not streamed) reply. */
let whole: object = {};

const sse = (items: object[]) =>
  items
    .map(
      (delta, i) =>
        `data: ${JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          created: 1_700_000_000,
          model: 'test-model',
          choices: [
            { index: 0, delta, finish_reason: i === items.length - 1 ? 'tool_calls' : null },
          ],
        })}\n\n`,
    )
    .join('') + 'data: [DONE]\n\n';

const server = mswServer(
  http.post(`${BASE_URL}/chat/completions`, async ({ request }) => {
    const body = (await request.json()) as ChatRequest;
    received.push(body);
    if (!body.stream) return HttpResponse.json(whole);
    return new HttpResponse(sse(deltas), { headers: { 'content-type': 'text/event-stream' } });
  }),
);
let agent: LlmAgent;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  agent = new LlmAgent({ baseURL: BASE_URL, apiKey: 'sk-test', model: 'test-model' });
});
afterEach(() => {
  received.length = 0;
});
afterAll(() => server.close());

const bookSlot = {
  name: 'book_slot',
  description: 'Books a delivery slot.',
  parameters: {
    type: 'object',
    properties: {
      day: { type: 'string', enum: ['tuesday', 'wednesday'] },
      hour: { type: 'integer', examples: [14] },
    },
    required: ['day'],
  },
};

const context: AgentContext = {
  task: 'Book a delivery slot with book_slot, then confirm it.',
  firstSentence: 'Hi, this is Ada from Acme.',
  voice: null,
  language: null,
  answeredBy: 'human',
  actions: [bookSlot],
  turns: [
    { user: 'assistant', text: 'Hi, this is Ada from Acme.' },
    { user: 'user', text: 'Tuesday works for me.' },
  ],
};

const collect = async (stream: AsyncIterable<AgentDelta>) => {
  const out: AgentDelta[] = [];
  for await (const delta of stream) out.push(delta);
  return out;
};

describe('LlmAgent actions', () => {
  it('offers the call’s actions as function tools and ends the reply with a streamed tool call', async () => {
    // Words first, then the call: its name in one piece, its JSON arguments split across three.
    deltas = [
      { role: 'assistant', content: 'Let me book ' },
      { content: 'that.' },
      {
        tool_calls: [
          {
            index: 0,
            id: 'call_1',
            type: 'function',
            function: { name: 'book_slot', arguments: '' },
          },
        ],
      },
      { tool_calls: [{ index: 0, function: { arguments: '{"day":' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '"tuesday",' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '"hour":14}' } }] },
    ];
    const out = await collect(agent.streamLine(context));
    expect(out.map((d) => d.text).join('')).toBe('Let me book that.');
    expect(out.slice(0, -1).every((d) => d.action === undefined)).toBe(true);
    expect(out.at(-1)).toMatchObject({
      end: false,
      action: { name: 'book_slot', input: { day: 'tuesday', hour: 14 } },
    });
    expect(received[0]?.tools?.map((t) => t.function.name)).toEqual(['opt_out', 'book_slot']);
    expect(received[0]?.tools?.[1]?.function.parameters).toEqual(bookSlot.parameters);
  });

  it('ends a whole reply with the action too (the sandbox line asks for whole lines)', async () => {
    whole = {
      id: 'chatcmpl-2',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'test-model',
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_2',
                type: 'function',
                function: { name: 'book_slot', arguments: '{"day":"wednesday"}' },
              },
            ],
          },
        },
      ],
    };
    await expect(agent.nextLine(context)).resolves.toEqual({
      text: '',
      end: false,
      action: { name: 'book_slot', input: { day: 'wednesday' } },
    });
  });

  it('reads the action’s result back to the model as a note', async () => {
    deltas = [{ content: 'Booked.' }];
    await collect(
      agent.streamLine({
        ...context,
        turns: [...context.turns, { user: 'agent-action', text: '{"ok":true}' }],
      }),
    );
    expect(received[0]?.messages.at(-1)).toEqual({
      role: 'system',
      content: '[action] {"ok":true}',
    });
  });
});

describe('ScriptedAgent actions', () => {
  it('calls each action the task names once, after its opening, with an input from the schema', async () => {
    const brain = new ScriptedAgent();
    const opening = await brain.nextLine({ ...context, turns: [] });
    expect(opening.action).toBeUndefined();
    const line = await brain.nextLine(context);
    expect(line).toEqual({
      text: '',
      end: false,
      action: { name: 'book_slot', input: { day: 'tuesday', hour: 14 } },
    });
    const after = await brain.nextLine({
      ...context,
      turns: [...context.turns, { user: 'agent-action', text: 'book_slot: ok (200)' }],
    });
    expect(after.action).toBeUndefined();
    expect(after.text).not.toBe('');
    // An action the task does not name is never called.
    const unnamed = await brain.nextLine({ ...context, task: 'Confirm the delivery.' });
    expect(unnamed.action).toBeUndefined();
  });
});
