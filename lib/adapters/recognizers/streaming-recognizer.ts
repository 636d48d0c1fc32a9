/** One result of a recognition stream. */
export interface StreamTranscript {
  text: string;
  /** The words will not change (else a partial that later results replace). */
  final: boolean;
  /** The answer to `finalize()`: everything sent so far is now final. */
  flushed: boolean;
}

export interface StreamHandlers {
  transcript(result: StreamTranscript): void;
  /** The stream closed without being asked to (network, the vendor). */
  lost(reason: string): void;
}

/** One call's recognition stream: audio in as it arrives, transcripts back as they form. */
export interface RecognizerStream {
  /** One 20 ms frame of 8 kHz μ-law, as the carrier sent it. */
  send(mulaw: Buffer): void;
  /** The turn is over: finish what was heard, answered by a `flushed` transcript. */
  finalize(): void;
  close(): void;
}

/** The streaming side of speech recognition. */
export interface StreamingRecognizer {
  readonly kind: 'deepgram' | 'openai-realtime';
  readonly description: string;
  /** Whether it can be told terms to expect (a call's keywords); false: such calls are refused. */
  readonly takesKeywords: boolean;
  /** Opens a stream; rejects when it cannot connect. `keywords`: terms the callee may say. */
  open(
    options: { language: string | null; keywords?: string[] },
    handlers: StreamHandlers,
  ): Promise<RecognizerStream>;
}
