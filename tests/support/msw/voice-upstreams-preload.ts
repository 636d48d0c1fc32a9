// Stand-ins for the third-party services of a real phone call, loaded into the server process with
// `node --import tsx --import ./tests/support/msw/voice-upstreams-preload.ts server.ts`:
// Twilio's REST API (at TWILIO_API_BASE_URL), an OpenAI-compatible speech-to-text server (at
// STT_UPSTREAM_URL) and an OpenAI-compatible chat-completions server (at AGENT_LLM_BASE_URL).
//
// VOICE_FAKE_DIR names a directory. Every request received is appended as one JSON line to
// `<dir>/calls.ndjson` ({ service: 'twilio' | 'stt' | 'llm', at, ... }). Before answering, the
// fake reads `<dir>/mode.json` (see VoiceFakeMode); a missing file means the defaults.
import { randomBytes } from 'node:crypto';

import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fakeDirFiles } from './fake-dir';
import { chatCompletion, chatCompletionChunk } from '../chat-completion';
import { STAND_IN_NUMBERS, twilioNumberAccount, twilioNumberHandlers } from './twilio-numbers';

export interface VoiceFakeMode {
  /**
   * Twilio's answer to fetching a call (a warm transfer's person's leg): its status, and the
   * seconds it lasted once ended (`duration`, null when unset).
   */
  twilio?: { legStatus?: string; legDuration?: string };
  /** Texts the recognizer answers, in order of requests (then ''); `fail` answers 500. */
  stt?: { texts?: string[]; fail?: boolean; latencyMs?: number; text?: string };
  /**
   * Replies of the language model, in order of requests (then `reply`); `fail` answers 400. A
   * reply `{ tool }` is a call of that function tool (streamed as the API streams tool calls).
   */
  llm?: {
    replies?: (string | { tool: string; arguments?: string })[];
    reply?: string;
    fail?: boolean;
    firstTokenMs?: number;
    /**
     * Per call, whatever the order of requests across calls: when the caller's latest line
     * contains `heard`, the reply is a call of `tool` (its answer then comes back as an
     * `[action]` note, and the next reply is text).
     */
    toolWhen?: { heard: string; tool: string; arguments?: string };
  };
}

const dir = process.env.VOICE_FAKE_DIR;
const twilioBase = process.env.TWILIO_API_BASE_URL ?? 'https://api.twilio.com';
const sttBase = process.env.STT_UPSTREAM_URL;
const llmBase = process.env.AGENT_LLM_BASE_URL;

const { mode, record } = fakeDirFiles<VoiceFakeMode>(dir, {});

const counters = { stt: 0, llm: 0 };

const twilioCall = (sid: string, accountSid: string, params: Record<string, string>) => ({
  sid,
  account_sid: accountSid,
  to: params.To ?? null,
  from: params.From ?? null,
  status: params.Status ?? 'queued',
  direction: 'outbound-api',
  date_created: new Date().toUTCString(),
  uri: `/2010-04-01/Accounts/${accountSid}/Calls/${sid}.json`,
});

const chunk = (content: string | null, finish: string | null = null) =>
  chatCompletionChunk('test-model', content, finish);

/** The model calling one function tool, whole or streamed as OpenAI streams tool calls. */
function toolCallReply(call: { tool: string; arguments?: string }, stream: boolean) {
  const toolCall = {
    id: 'call_fake_1',
    type: 'function',
    function: { name: call.tool, arguments: call.arguments ?? '{}' },
  };
  if (!stream) {
    const whole = chatCompletion('', 'test-model');
    whole.choices[0]!.finish_reason = 'tool_calls';
    Object.assign(whole.choices[0]!.message, { content: null, tool_calls: [toolCall] });
    return HttpResponse.json(whole);
  }
  const event = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-test-model',
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: 'test-model',
      choices: [{ index: 0, delta, finish_reason: finish }],
    })}\n\n`;
  const text =
    event({ role: 'assistant', tool_calls: [{ index: 0, ...toolCall }] }, null) +
    event({}, 'tool_calls') +
    'data: [DONE]\n\n';
  return new HttpResponse(text, { headers: { 'content-type': 'text/event-stream' } });
}

// The account's phone numbers: a few to buy, one already held to import.
const numbers = twilioNumberAccount({ US: [...STAND_IN_NUMBERS.available] }, [
  { sid: 'PNstandin0', phoneNumber: STAND_IN_NUMBERS.held, voiceUrl: null, statusCallback: null },
]);

const handlers = [
  ...twilioNumberHandlers(twilioBase, () => numbers),
  http.post(
    `${twilioBase}/2010-04-01/Accounts/:account/Calls.json`,
    async ({ request, params }) => {
      const form = Object.fromEntries(new URLSearchParams(await request.text()));
      const sid = `CA${randomBytes(16).toString('hex')}`;
      record({ service: 'twilio', action: 'create', sid, params: form });
      return HttpResponse.json(twilioCall(sid, String(params.account), form), { status: 201 });
    },
  ),
  http.get(`${twilioBase}/2010-04-01/Accounts/:account/Calls/:sid.json`, ({ params }) => {
    record({ service: 'twilio', action: 'fetch', sid: params.sid });
    const status = mode().twilio?.legStatus ?? 'in-progress';
    return HttpResponse.json({
      ...twilioCall(String(params.sid), String(params.account), { Status: status }),
      duration: mode().twilio?.legDuration ?? null,
    });
  }),
  http.post(
    `${twilioBase}/2010-04-01/Accounts/:account/Calls/:sid.json`,
    async ({ request, params }) => {
      const form = Object.fromEntries(new URLSearchParams(await request.text()));
      record({ service: 'twilio', action: 'update', sid: params.sid, params: form });
      return HttpResponse.json(twilioCall(String(params.sid), String(params.account), form));
    },
  ),
];

if (sttBase) {
  handlers.push(
    http.post(`${sttBase}/audio/transcriptions`, async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file');
      const n = counters.stt++;
      const stt = mode().stt ?? {};
      record({
        service: 'stt',
        n,
        model: form.get('model'),
        bytes: file instanceof Blob ? file.size : 0,
      });
      if (stt.latencyMs) await delay(stt.latencyMs);
      if (stt.fail)
        return HttpResponse.json({ error: { message: 'fake outage' } }, { status: 500 });
      return HttpResponse.json({ text: stt.texts?.[n] ?? stt.text ?? '' });
    }),
  );
}

if (llmBase) {
  handlers.push(
    http.post(`${llmBase}/chat/completions`, async ({ request }) => {
      const body = (await request.json()) as {
        stream?: boolean;
        messages: unknown[];
        temperature?: number;
      };
      const llm = mode().llm ?? {};
      const n = counters.llm++;
      record({
        service: 'llm',
        n,
        stream: body.stream === true,
        messages: body.messages,
        temperature: body.temperature,
      });
      // Not a 5xx: the openai client would retry it, and msw (2.x) never answers a retried request.
      if (llm.fail)
        return HttpResponse.json({ error: { message: 'fake refusal' } }, { status: 400 });
      const latest = body.messages.at(-1) as { role?: string; content?: unknown } | undefined;
      const toolTurn =
        llm.toolWhen &&
        latest?.role === 'user' &&
        typeof latest.content === 'string' &&
        latest.content.includes(llm.toolWhen.heard);
      const reply = toolTurn
        ? { tool: llm.toolWhen!.tool, arguments: llm.toolWhen!.arguments }
        : (llm.replies?.[n] ?? llm.reply ?? 'Okay. Goodbye! [END]');
      if (typeof reply === 'object') {
        // A tool call comes after the model's first-token time too, as its words would.
        if (llm.firstTokenMs) await delay(llm.firstTokenMs);
        return toolCallReply(reply, body.stream === true);
      }
      if (!body.stream) {
        return HttpResponse.json(chatCompletion(reply, 'test-model'));
      }
      // Token-sized pieces, the first after the configured latency.
      const pieces = reply.match(/\S+\s*|\s+/g) ?? [];
      const encoder = new TextEncoder();
      // The client may hang up mid-stream (barge-in aborts the reply): stop writing then.
      let cancelled = false;
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          const write = (text: string) => {
            if (!cancelled) controller.enqueue(encoder.encode(text));
          };
          if (llm.firstTokenMs) await delay(llm.firstTokenMs);
          for (const piece of pieces) write(chunk(piece));
          write(chunk(null, 'stop'));
          write('data: [DONE]\n\n');
          if (!cancelled) controller.close();
        },
        cancel() {
          cancelled = true;
        },
      });
      return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
}

setupServer(...handlers).listen({ onUnhandledRequest: 'bypass' });
