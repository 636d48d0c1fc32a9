import type { DeepgramClient } from '@deepgram/sdk';
import { loadOnce } from '../../platform/runtime/load-once';
import type { RecognizerStream, StreamHandlers, StreamingRecognizer } from './streaming-recognizer';

const CONNECT_TIMEOUT_S = 5;

/** Deepgram live transcription (`/v1/listen` over a WebSocket) through the official SDK. */
export class DeepgramRecognizer implements StreamingRecognizer {
  readonly kind = 'deepgram' as const;
  readonly description: string;
  /** Key term prompting (`keyterm`) is a Nova-3 feature. */
  readonly takesKeywords: boolean;
  private readonly client: () => Promise<DeepgramClient>;

  constructor(private readonly options: { apiKey: string; baseUrl?: string; model: string }) {
    // The loop reconnects once itself and then falls back: the SDK's own retries stay off.
    this.client = loadOnce(async () => {
      const { DeepgramClient: Client } = await import('@deepgram/sdk');
      return new Client({
        apiKey: options.apiKey,
        reconnect: false,
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      });
    });
    const host = options.baseUrl ? new URL(options.baseUrl).host : 'api.deepgram.com';
    this.description = `streaming: Deepgram live (${host}, model ${options.model})`;
    this.takesKeywords = options.model.startsWith('nova-3');
  }

  async open(
    options: { language: string | null; keywords?: string[] },
    handlers: StreamHandlers,
  ): Promise<RecognizerStream> {
    const socket = await (
      await this.client()
    ).listen.v1.connect({
      model: this.options.model,
      encoding: 'mulaw',
      sample_rate: 8000,
      channels: 1,
      interim_results: 'true',
      punctuate: 'true',
      ...(options.language ? { language: options.language } : {}),
      // One `keyterm` parameter per term (the SDK repeats an array's query values).
      ...(options.keywords?.length ? { queryParams: { keyterm: options.keywords } } : {}),
      Authorization: `Token ${this.options.apiKey}`,
      reconnectAttempts: 0,
      connectionTimeoutInSeconds: CONNECT_TIMEOUT_S,
    });
    let closing = false;
    socket.on('message', (message) => {
      if (message.type !== 'Results') return;
      handlers.transcript({
        text: message.channel.alternatives[0]?.transcript ?? '',
        final: message.is_final === true,
        flushed: message.from_finalize === true,
      });
    });
    socket.on('close', (event) => {
      if (!closing) handlers.lost(`closed (${event.code})`);
      closing = true;
    });
    socket.on('error', () => undefined);
    socket.connect();
    await socket.waitForOpen();
    return {
      send: (mulaw) => {
        if (socket.readyState === 1) socket.sendMedia(mulaw);
      },
      finalize: () => {
        if (socket.readyState === 1) socket.sendFinalize({ type: 'Finalize' });
      },
      close: () => {
        closing = true;
        if (socket.readyState === 1) socket.sendCloseStream({ type: 'CloseStream' });
        socket.close();
      },
    };
  }
}
