import { http, HttpResponse, type JsonBodyType } from 'msw';
import { mswServer } from '../../support/msw/msw-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent, type AgentContext } from '@/lib/adapters/agent-brain';
import { OPT_OUT_CONFIRMATION } from '@/lib/adapters/agent-brain/opt-out-phrases';

// msw stands in for an OpenAI-compatible chat-completions server (third-party); the agent and
// the official `openai` client it drives are real.
const BASE_URL = 'http://llm.test/v1';

interface ChatRequest {
  model: string;
  temperature?: number;
  stream?: boolean;
  messages: { role: string; content: string }[];
  tools?: { type: string; function: { name: string } }[];
}

const received: { body: ChatRequest; auth: string | null }[] = [];
let reply: JsonBodyType = null;

const completion = (content: string | null) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'test-model',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
});

const server = mswServer(
  http.post(`${BASE_URL}/chat/completions`, async ({ request }) => {
    received.push({
      body: (await request.json()) as ChatRequest,
      auth: request.headers.get('authorization'),
    });
    return HttpResponse.json(reply);
  }),
);
// The openai client keeps the fetch it finds when constructed, so the agent is made after msw
// has patched fetch.
let agent: LlmAgent;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  agent = new LlmAgent({ baseURL: BASE_URL, apiKey: 'sk-test', model: 'test-model' });
});
afterEach(() => {
  received.length = 0;
});
afterAll(() => server.close());

const context = (over: Partial<AgentContext> = {}): AgentContext => ({
  task: 'Confirm the delivery for Tuesday.',
  firstSentence: 'Hi, this is Ada from Acme.',
  voice: null,
  language: null,
  answeredBy: 'human',
  turns: [],
  ...over,
});

const midCall = context({
  turns: [
    { user: 'assistant', text: 'Hi, this is Ada from Acme.' },
    { user: 'user', text: 'Hello, what is it about?' },
  ],
});

describe('LlmAgent', () => {
  it('opens with first_sentence without asking the model', async () => {
    await expect(agent.nextLine(context())).resolves.toEqual({
      text: 'Hi, this is Ada from Acme.',
      end: false,
    });
    expect(received).toHaveLength(0);
  });

  it("speaks the model's reply as the next line", async () => {
    reply = completion('  It is about your delivery on Tuesday.  ');
    await expect(agent.nextLine(midCall)).resolves.toEqual({
      text: 'It is about your delivery on Tuesday.',
      end: false,
    });
  });

  it('asks the model for the opening when there is no first_sentence', async () => {
    reply = completion('Hello! Quick question about your delivery.');
    await expect(agent.nextLine(context({ firstSentence: null }))).resolves.toEqual({
      text: 'Hello! Quick question about your delivery.',
      end: false,
    });
    expect(received).toHaveLength(1);
  });

  it('ends the call on [END] and does not speak the mark', async () => {
    reply = completion('Great, see you Tuesday. Goodbye! [END]');
    await expect(agent.nextLine(midCall)).resolves.toEqual({
      text: 'Great, see you Tuesday. Goodbye!',
      end: true,
    });
    reply = completion('[END]');
    await expect(agent.nextLine(midCall)).resolves.toEqual({ text: 'Goodbye.', end: true });
  });

  it('hangs up after twenty agent lines even if the model never says [END]', async () => {
    reply = completion('And one more thing.');
    const turns = Array.from({ length: 19 }, (_, i) => [
      { user: 'assistant' as const, text: `Line ${i}.` },
      { user: 'user' as const, text: 'Okay.' },
    ]).flat();
    await expect(agent.nextLine(context({ turns: turns.slice(0, -2) }))).resolves.toMatchObject({
      end: false,
    });
    await expect(agent.nextLine(context({ turns }))).resolves.toEqual({
      text: 'And one more thing.',
      end: true,
    });
  });

  it('sends the task in the system message and the transcript as messages', async () => {
    reply = completion('Sure.');
    await agent.nextLine({ ...midCall, language: 'de-DE' });
    expect(received).toHaveLength(1);
    const [{ body, auth }] = received as [(typeof received)[number]];
    expect(auth).toBe('Bearer sk-test');
    expect(body.model).toBe('test-model');
    const [system, ...rest] = body.messages;
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('Confirm the delivery for Tuesday.');
    expect(system?.content).toContain('de-DE');
    expect(system?.content).toContain('[END]');
    expect(rest).toEqual([
      { role: 'assistant', content: 'Hi, this is Ada from Acme.' },
      { role: 'user', content: 'Hello, what is it about?' },
    ]);
  });

  it("sends the call's temperature with each reply, streamed or not, and not with the summary", async () => {
    reply = completion('Sure.');
    await agent.nextLine({ ...midCall, temperature: 0.2 });
    await agent.summarize({ ...midCall, temperature: 0.2 });
    await agent.nextLine(midCall);
    expect(received.map((r) => r.body.temperature)).toEqual([0.2, undefined, undefined]);
    received.length = 0;
    reply = null;
    // The stand-in's answer is no stream at all: only the request is looked at.
    const drain = async () => {
      for await (const _ of agent.streamLine({ ...midCall, temperature: 1.4 })) void _;
    };
    await drain().catch(() => undefined);
    expect(received[0]!.body).toMatchObject({ stream: true, temperature: 1.4 });
  });

  it('tells the model when it reached voicemail', async () => {
    reply = completion('Please call us back. [END]');
    await agent.nextLine(
      context({
        answeredBy: 'voicemail',
        firstSentence: null,
        turns: [{ user: 'user', text: 'Leave a message.' }],
      }),
    );
    expect(received[0]?.body.messages[0]?.content).toMatch(/voicemail/i);
  });

  it('lets the model write the whole voicemail message, streamed or not (no fixed first_sentence)', async () => {
    reply = completion('Hi, this is Ada from Acme, please call us back. [END]');
    const onVoicemail = context({ answeredBy: 'voicemail' });
    await expect(agent.nextLine(onVoicemail)).resolves.toEqual({
      text: 'Hi, this is Ada from Acme, please call us back.',
      end: true,
    });
    expect(received).toHaveLength(1);
    // A person answered: first_sentence is said as written, with no request.
    await expect(agent.nextLine(context())).resolves.toEqual({
      text: 'Hi, this is Ada from Acme.',
      end: false,
    });
    expect(received).toHaveLength(1);
  });

  it('offers the model an opt_out tool; calling it confirms, hangs up and marks the opt-out', async () => {
    reply = {
      ...completion(null),
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'opt_out', arguments: '{}' } },
            ],
          },
        },
      ],
    };
    const asked = context({
      turns: [...midCall.turns, { user: 'user', text: 'Please never ring me again.' }],
    });
    await expect(agent.nextLine(asked)).resolves.toEqual({
      text: OPT_OUT_CONFIRMATION,
      end: true,
      optOut: true,
    });
    expect(received[0]?.body.tools?.map((t) => t.function.name)).toEqual(['opt_out']);
    expect(received[0]?.body.messages[0]?.content).toContain('opt_out');
    // An ordinary reply is no opt-out.
    reply = completion('Sure, one moment.');
    await expect(agent.nextLine(midCall)).resolves.toEqual({
      text: 'Sure, one moment.',
      end: false,
    });
  });

  it('summarizes a call with one more request that asks for a summary', async () => {
    reply = completion('Ada confirmed the Tuesday delivery.');
    await expect(agent.summarize(midCall)).resolves.toBe('Ada confirmed the Tuesday delivery.');
    expect(received[0]?.body.messages.at(-1)).toMatchObject({
      role: 'user',
      content: expect.stringMatching(/summar/i) as unknown,
    });
  });

  it('writes the summary as summary_prompt asks', async () => {
    reply = completion('Delivery confirmed.');
    await agent.summarize(midCall, 'One line: the outcome only.');
    expect(received[0]?.body.messages.at(-1)?.content).toContain('One line: the outcome only.');
  });

  it('asks for the analysis as a JSON object of the schema, and says why on the retry', async () => {
    const schema = {
      type: 'object' as const,
      properties: { confirmed: { type: 'boolean' as const } },
    };
    reply = completion('```json\n{"confirmed": true}\n```');
    await expect(
      agent.analyze(midCall, { schema, prompt: 'Confirmed means a clear yes.' }),
    ).resolves.toEqual({ confirmed: true });
    const first = received[0]!.body as ChatRequest & { response_format?: unknown };
    expect(first.response_format).toEqual({ type: 'json_object' });
    const asked = first.messages.at(-1)!.content;
    expect(asked).toContain(JSON.stringify(schema));
    expect(asked).toContain('Confirmed means a clear yes.');

    reply = completion('not json');
    await expect(
      agent.analyze(midCall, { schema, prompt: null, problems: ['confirmed: must be a boolean'] }),
    ).rejects.toBeInstanceOf(SyntaxError);
    expect(received[1]!.body.messages.at(-1)!.content).toContain('confirmed: must be a boolean');
  });

  it('rejects a malformed upstream reply instead of speaking it', async () => {
    // Refused by the reply's schema, naming what is wrong (not some other failure on the way).
    reply = { id: 'x', object: 'chat.completion', choices: [] };
    await expect(agent.nextLine(midCall)).rejects.toMatchObject({
      name: 'ZodError',
      issues: [expect.objectContaining({ path: ['choices'], code: 'too_small' })],
    });
    reply = { ...completion('x'), choices: [{ index: 0, message: { content: 42 } }] };
    await expect(agent.nextLine(midCall)).rejects.toMatchObject({
      name: 'ZodError',
      issues: [expect.objectContaining({ path: ['choices', 0, 'message', 'content'] })],
    });
  });
});
