import { http, HttpResponse } from 'msw';
import { mswServer } from '../../support/msw/msw-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LlmAgent,
  ScriptedAgent,
  streamLine,
  type AgentContext,
  type AgentDelta,
} from '@/lib/adapters/agent-brain';
import { OPT_OUT_CONFIRMATION } from '@/lib/adapters/agent-brain/opt-out-phrases';

// msw plays an OpenAI-compatible chat-completions server that streams (server-sent events).
const BASE_URL = 'http://llm.test/v1';
/** Content pieces, or a tool call the model makes at that point. */
let pieces: (string | { tool: string })[] = [];
let streamed = 0;

const sse = (content: string | { tool: string } | null) =>
  `data: ${JSON.stringify({
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [
      {
        index: 0,
        delta:
          content === null
            ? {}
            : typeof content === 'string'
              ? { content }
              : {
                  tool_calls: [
                    {
                      index: 0,
                      id: 'call_1',
                      type: 'function',
                      function: { name: content.tool, arguments: '' },
                    },
                  ],
                },
        finish_reason: content === null ? 'stop' : null,
      },
    ],
  })}\n\n`;

const server = mswServer(
  http.post(`${BASE_URL}/chat/completions`, async ({ request }) => {
    const body = (await request.json()) as { stream?: boolean };
    if (body.stream) streamed++;
    const text = [...pieces.map(sse), sse(null), 'data: [DONE]\n\n'].join('');
    return new HttpResponse(text, { headers: { 'content-type': 'text/event-stream' } });
  }),
);
let agent: LlmAgent;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  agent = new LlmAgent({ baseURL: BASE_URL, model: 'm' });
});
afterAll(() => server.close());

const context = (over: Partial<AgentContext> = {}): AgentContext => ({
  task: 'Confirm the delivery for Tuesday. Ask for a gate code.',
  firstSentence: null,
  voice: null,
  language: null,
  answeredBy: 'human',
  turns: [{ user: 'user', text: 'Hello?' }],
  ...over,
});

async function collect(stream: AsyncIterable<AgentDelta>) {
  const out: AgentDelta[] = [];
  for await (const delta of stream) out.push(delta);
  return out;
}

describe('streamed replies', () => {
  it('streams the language model’s tokens as they arrive and finds an end mark split across them', async () => {
    pieces = ['Great', ', see you', ' Tuesday. Bye! [E', 'ND', ']'];
    const deltas = await collect(agent.streamLine!(context()));
    expect(streamed).toBe(1);
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.map((d) => d.text).join('')).toBe('Great, see you Tuesday. Bye! ');
    expect(deltas.at(-1)!.end).toBe(true);
    expect(deltas.map((d) => d.text).join('')).not.toContain('[');
  });

  it('answers the opt_out tool with the confirmation as the last piece, marked as an opt-out', async () => {
    pieces = ['Of course', { tool: 'opt_out' }, 'ignored'];
    const deltas = await collect(agent.streamLine!(context()));
    expect(deltas.map((d) => d.text).join('')).toBe(`Of course ${OPT_OUT_CONFIRMATION}`);
    expect(deltas.at(-1)).toMatchObject({ end: true, optOut: true });
    // The scripted agent streams its phrase-matched opt-out the same way.
    const scripted = await collect(
      new ScriptedAgent().streamLine(
        context({ turns: [{ user: 'user', text: 'Stop calling me.' }] }),
      ),
    );
    expect(scripted.at(-1)).toMatchObject({ end: true, optOut: true });
  });

  it('does not end a reply without the mark, and keeps a bracket that is not one', async () => {
    pieces = ['Sure [', 'one] moment.'];
    const deltas = await collect(agent.streamLine!(context()));
    expect(deltas.map((d) => d.text).join('')).toBe('Sure [one] moment.');
    expect(deltas.at(-1)!.end).toBe(false);
  });

  it('speaks first_sentence first without asking the model', async () => {
    const before = streamed;
    const deltas = await collect(
      agent.streamLine!(context({ turns: [], firstSentence: 'Hi, Ada here.' })),
    );
    expect(deltas).toEqual([{ text: 'Hi, Ada here.', end: false }]);
    expect(streamed).toBe(before);
  });

  it('the scripted agent streams the same line it would say, word by word', async () => {
    const scripted = new ScriptedAgent();
    for (const turns of [[], [{ user: 'assistant' as const, text: 'x' }]]) {
      const line = await scripted.nextLine(context({ turns }));
      const deltas = await collect(streamLine(scripted, context({ turns })));
      expect(deltas.length).toBeGreaterThan(1);
      expect(deltas.map((d) => d.text).join('')).toBe(line.text);
      expect(deltas.at(-1)!.end).toBe(line.end);
    }
  });

  it('stops when the reply is cancelled', async () => {
    const controller = new AbortController();
    const out: string[] = [];
    for await (const delta of new ScriptedAgent().streamLine(
      context({ turns: [] }),
      controller.signal,
    )) {
      out.push(delta.text);
      controller.abort();
    }
    expect(out).toHaveLength(1);
  });
});
