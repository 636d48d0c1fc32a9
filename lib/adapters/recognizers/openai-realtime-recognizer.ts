import { openAiClient } from '../openai/openai-server';
import OpenAI from 'openai';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import type { RecognizerStream, StreamHandlers, StreamingRecognizer } from './streaming-recognizer';

const CONNECT_TIMEOUT_MS = 5_000;
/** The server's answer to a commit of an empty (or under 100 ms) buffer. */
const COMMIT_EMPTY = 'input_audio_buffer_commit_empty';

export interface OpenAIRealtimeOptions {
  /** The server's base URL as the openai client takes it (`https://api.openai.com/v1`). */
  baseURL: string;
  apiKey?: string;
  /** The transcription model of the session. */
  model: string;
  /** An extra certificate authority to trust (a stand-in's throwaway one, in tests). */
  ca?: string | Buffer;
}

/**
 * An OpenAI Realtime transcription session through the `openai` package's WebSocket client (it
 * always dials `wss://` at `<baseURL>/realtime`). The carrier's μ-law goes in as it is
 * (`audio/pcmu`), deltas come back as speech arrives, and our own end of turn commits the
 * buffer (`turn_detection: null`): the item's `completed` transcript answers `finalize()`.
 */
export class OpenAIRealtimeRecognizer implements StreamingRecognizer {
  readonly kind = 'openai-realtime' as const;
  readonly description: string;
  /** Terms to expect go in the transcription's prompt. */
  readonly takesKeywords = true;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAIRealtimeOptions) {
    ({ client: this.client, description: this.description } = openAiClient(
      options,
      'streaming: OpenAI Realtime transcription',
    ));
  }

  async open(
    options: { language: string | null; keywords?: string[] },
    handlers: StreamHandlers,
  ): Promise<RecognizerStream> {
    const rt = await OpenAIRealtimeWS.create(this.client, {
      model: this.options.model,
      options: {
        handshakeTimeout: CONNECT_TIMEOUT_MS,
        ...(this.options.ca ? { ca: this.options.ca } : {}),
      },
    });
    const socket = rt.socket;
    let closing = false;
    /** Audio appended since the last commit. */
    let appended = false;
    /** A commit was sent and its item is not known yet; then the item that answers it. */
    let committing = false;
    let flushItem: string | null = null;
    /** Delta text of items not completed yet, in order. */
    const partials = new Map<string, string>();
    const partialText = () => [...partials.values()].join(' ').replace(/\s+/g, ' ').trim();
    const flushedEmpty = () => handlers.transcript({ text: '', final: true, flushed: true });

    rt.on('conversation.item.input_audio_transcription.delta', (event) => {
      partials.set(event.item_id, (partials.get(event.item_id) ?? '') + (event.delta ?? ''));
      handlers.transcript({ text: partialText(), final: false, flushed: false });
    });
    rt.on('input_audio_buffer.committed', (event) => {
      if (!committing) return;
      committing = false;
      flushItem = event.item_id;
    });
    rt.on('conversation.item.input_audio_transcription.completed', (event) => {
      partials.delete(event.item_id);
      const flushed = event.item_id === flushItem;
      if (flushed) flushItem = null;
      handlers.transcript({ text: event.transcript.trim(), final: true, flushed });
    });
    // A failed item gets no final: the turn waits out FINAL_WAIT_MS and is recognized whole.
    rt.on('error', (error) => {
      if (error.error?.code === COMMIT_EMPTY && committing) {
        committing = false;
        flushedEmpty();
      }
    });
    socket.on('close', (code) => {
      if (!closing) handlers.lost(`closed (${code})`);
      closing = true;
    });

    await new Promise<void>((resolve, reject) => {
      // The socket's error says why it never opened (a refused key, an untrusted certificate).
      let why = '';
      socket.once('error', (error: Error) => (why = `: ${error.message}`));
      socket.once('open', () => resolve());
      socket.once('close', (code) => reject(new Error(`closed before opening (${code})${why}`)));
    });
    const language = options.language?.slice(0, 2).toLowerCase();
    rt.send({
      type: 'session.update',
      session: {
        type: 'transcription',
        audio: {
          input: {
            format: { type: 'audio/pcmu' },
            transcription: {
              model: this.options.model,
              ...(language ? { language } : {}),
              ...(options.keywords?.length ? { prompt: keywordPrompt(options.keywords) } : {}),
            },
            turn_detection: null,
          },
        },
      },
    });
    const open = () => socket.readyState === socket.OPEN;
    return {
      send: (mulaw) => {
        if (!open()) return;
        rt.send({ type: 'input_audio_buffer.append', audio: mulaw.toString('base64') });
        appended = true;
      },
      finalize: () => {
        if (!open()) return;
        // Nothing since the last commit: nothing to wait for.
        if (!appended) return queueMicrotask(flushedEmpty);
        appended = false;
        committing = true;
        rt.send({ type: 'input_audio_buffer.commit' });
      },
      close: () => {
        closing = true;
        rt.close();
      },
    };
  }
}

/** The prompt that tells a transcription model which terms to expect. */
export const keywordPrompt = (keywords: string[]) =>
  `Terms that may be said: ${keywords.join(', ')}.`;
