import type {
  StreamHandlers,
  StreamingRecognizer,
} from '@/lib/adapters/recognizers/streaming-recognizer';

/**
 * An in-memory streaming recognizer for the virtual-clock suites: each `finalize()` is answered
 * (in a microtask) with the next of `texts` as a flushed final, unless `answer` is off; `lose()`
 * drops the open stream as a network failure would; `refuse` makes new connections fail.
 */
export function fakeStreaming(texts: string[]) {
  let turn = 0;
  const state = {
    opened: 0,
    frames: 0,
    finalizes: 0,
    answer: true,
    refuse: false,
    handlers: null as StreamHandlers | null,
    /** What each stream was opened with (the call's language and keywords). */
    options: [] as Parameters<StreamingRecognizer['open']>[0][],
  };
  const recognizer: StreamingRecognizer = {
    kind: 'deepgram',
    description: 'streaming: fake',
    takesKeywords: true,
    async open(options, handlers) {
      state.opened++;
      state.options.push(options);
      if (state.refuse) throw new Error('connection refused');
      state.handlers = handlers;
      let open = true;
      return {
        send: () => {
          if (open) state.frames++;
        },
        finalize: () => {
          state.finalizes++;
          if (!state.answer) return;
          const text = texts[turn++] ?? '';
          queueMicrotask(() => handlers.transcript({ text, final: true, flushed: true }));
        },
        close: () => {
          open = false;
        },
      };
    },
  };
  return {
    recognizer,
    state,
    /** A result as the vendor would send it, at once. */
    emit(text: string, final: boolean) {
      state.handlers?.transcript({ text, final, flushed: false });
    },
    lose() {
      const handlers = state.handlers;
      state.handlers = null;
      handlers?.lost('dropped by the test');
    },
  };
}
export type FakeStreaming = ReturnType<typeof fakeStreaming>;
