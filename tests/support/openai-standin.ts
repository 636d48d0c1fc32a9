import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chatCompletion, chatCompletionChunk } from './chat-completion';

export type UpstreamMode = 'ok' | 'fail' | 'hang';

/**
 * A real HTTP server playing an OpenAI-compatible upstream: `/v1/audio/speech` (24 kHz PCM, as
 * the speech adapter asks for) and `/v1/chat/completions` (the agent; streamed or not). Each can
 * be set to work, fail (503, which the official client retries once) or hang (hold the request
 * unanswered until the mode changes or the caller hangs up). `hangOnly` limits the LLM's hang to
 * conversations whose prompt contains that text, so one call can hang while others go on.
 */
export async function startOpenAiStandin() {
  const state = {
    tts: 'ok' as UpstreamMode,
    llm: 'ok' as UpstreamMode,
    hangOnly: undefined as string | undefined,
  };
  const counts = { tts: 0, llm: 0 };
  /** Requests held by a hang: whether the caller has gone away since. */
  const held: { service: 'tts' | 'llm'; closed: boolean }[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const resolve of waiters) resolve();
    waiters.clear();
  };

  /** Holds the request while the service hangs; false when the caller hung up meanwhile. */
  const hold = async (service: 'tts' | 'llm', req: IncomingMessage, res: ServerResponse) => {
    const entry = { service, closed: false };
    held.push(entry);
    res.on('close', () => {
      entry.closed = true;
      wake();
    });
    while (state[service] === 'hang' && !entry.closed) {
      await new Promise<void>((resolve) => waiters.add(resolve));
    }
    return !entry.closed;
  };

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        const service = req.url?.endsWith('/audio/speech')
          ? 'tts'
          : req.url?.endsWith('/chat/completions')
            ? 'llm'
            : undefined;
        if (!service) {
          res.statusCode = 404;
          return res.end();
        }
        counts[service] += 1;
        const hangs =
          state[service] === 'hang' &&
          (service === 'tts' || !state.hangOnly || body.includes(state.hangOnly));
        if (hangs && !(await hold(service, req, res))) return;
        if (state[service] === 'fail') {
          res.writeHead(503, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ error: { message: 'stand-in outage' } }));
        }
        if (service === 'tts') {
          // 0.2 s of a quiet tone: enough for real WAV bytes downstream.
          const pcm = Buffer.alloc(24_000 * 0.2 * 2);
          for (let i = 0; i < pcm.length / 2; i++)
            pcm.writeInt16LE(Math.round(2_000 * Math.sin(i / 10)), i * 2);
          res.writeHead(200, { 'content-type': 'audio/pcm' });
          return res.end(pcm);
        }
        const request = JSON.parse(body) as { stream?: boolean };
        const reply = 'Thank you, that is all. Goodbye! [END]';
        if (!request.stream) {
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify(chatCompletion(reply, 'standin')));
        }
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chatCompletionChunk('standin', reply));
        res.write(chatCompletionChunk('standin', null, 'stop'));
        res.end('data: [DONE]\n\n');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    counts,
    held,
    set(service: 'tts' | 'llm', mode: UpstreamMode, options: { hangOnly?: string } = {}) {
      state[service] = mode;
      if (service === 'llm') state.hangOnly = options.hangOnly;
      wake();
    },
    close: () =>
      new Promise<void>((resolve) => {
        state.tts = 'ok';
        state.llm = 'ok';
        wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
