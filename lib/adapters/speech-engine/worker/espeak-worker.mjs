// One warm eSpeak-NG instance (WebAssembly, the `espeak-ng` npm package) per worker thread. Plain
// .mjs on purpose: Next bundles route code with Turbopack, so the pool loads this file from disk at
// run time (see worker-pool.ts) and it imports the packages straight from node_modules.
//
// The package is eSpeak-NG's command-line program and exports nothing but main(), which runs once
// per instance. So main runs once, in its "read lines from stdin" mode, and never returns: when it
// reads stdin (the WASI fd_read import), the previous request has been synthesized, so this worker
// flushes its audio, answers it, and blocks (Atomics.wait) until the pool posts the next request.
// Each request is one or more SSML lines that choose the voice, rate and pitch.
//
// Messages in:  { type: 'synthesize', id, text, voice, rate, pitch?, sampleRate } | { type: 'voices', id }
//               (read with receiveMessageOnPort; the pool bumps workerData.wake after each post)
// Messages out: { type: 'ready' } | { type: 'audio', id, pcm: ArrayBuffer } | { type: 'voices', id, voices }
//               | { type: 'error', id, message }
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import ESpeakNG from 'espeak-ng';
import initResampler from '@echogarden/speex-resampler-wasm/simd';
import { byteLength, linePieces } from './line-pieces.mjs';
import { addVariantVoices, voiceFileId } from './voice-files.mjs';

/** eSpeak-NG synthesizes at this rate; other rates are resampled here, off the main thread. */
const ESPEAK_SAMPLE_RATE = 22050;
/** Speex quality 0–10; 4 is its "VoIP" default and costs a few ms per second of audio. */
const RESAMPLER_QUALITY = 4;
/** eSpeak-NG's base pitch parameter (0–100) when a request names none; its own default. */
const DEFAULT_PITCH = 50;
/** The voice main() starts with; every request names its own voice anyway. */
const START_VOICE = 'gmw/en-US';
/** The CLI reads lines with fgets(…, 1000): a longer line would be cut mid-word. */
const MAX_LINE_BYTES = 900;
/** `--stdout` starts the stream with one RIFF header; the rest is 16-bit mono samples. */
const WAV_HEADER_BYTES = 44;

const port = parentPort;
if (!port) throw new Error('espeak-worker.mjs must run in a worker thread');
/** @type {Int32Array} bumped by the pool after every message it posts */
const wake = workerData?.wake;
if (!(wake instanceof Int32Array)) throw new Error('espeak-worker.mjs needs workerData.wake');

const require = createRequire(import.meta.url);
const wasmModule = await WebAssembly.compile(
  readFileSync(require.resolve('espeak-ng/dist/espeak-ng.wasm')),
);
const resampler = await initResampler();
const encoder = new TextEncoder();

/**
 * Instantiates the CLI with our own instance of the compiled module, so its stdin and stdout can be
 * served here; `onStdin`/`onStdout` get (memory, pointer, length) for fd 0 and fd 1.
 */
function startCli(args, hooks) {
  const options = {
    arguments: args,
    print: hooks.print ?? (() => undefined),
    // eSpeak's warnings and Emscripten's exit notice: nothing a caller can act on.
    printErr: () => undefined,
    onRuntimeInitialized: () => hooks.onRuntimeInitialized?.(options.FS),
    onAbort: (what) => hooks.onAbort?.(what),
    instantiateWasm(imports, receiveInstance) {
      const wasi = imports.wasi_snapshot_preview1;
      const { fd_read: fdRead, fd_write: fdWrite } = wasi;
      let instance;
      if (hooks.onStdin) {
        wasi.fd_read = (fd, iov, iovcnt, pnum) =>
          fd === 0
            ? serveIov(instance, iov, iovcnt, pnum, hooks.onStdin)
            : fdRead(fd, iov, iovcnt, pnum);
      }
      if (hooks.onStdout) {
        wasi.fd_write = (fd, iov, iovcnt, pnum) =>
          fd === 1
            ? serveIov(instance, iov, iovcnt, pnum, hooks.onStdout)
            : fdWrite(fd, iov, iovcnt, pnum);
      }
      instance = new WebAssembly.Instance(wasmModule, imports);
      hooks.onInstance?.(instance);
      receiveInstance(instance, wasmModule);
      return instance.exports;
    },
  };
  return ESpeakNG(options);
}

/** Walks a WASI iovec list; `serve` moves bytes and says how many; the total goes to *pnum. */
function serveIov(instance, iov, iovcnt, pnum, serve) {
  const { memory } = instance.exports;
  let total = 0;
  for (let i = 0; i < iovcnt; i++) {
    const view = new DataView(memory.buffer);
    const pointer = view.getUint32(iov + i * 8, true);
    const length = view.getUint32(iov + i * 8 + 4, true);
    const moved = serve(memory, pointer, length);
    total += moved;
    if (moved < length) break;
  }
  new DataView(memory.buffer).setUint32(pnum, total, true);
  return 0;
}

/** The language voices, from `espeak-ng --voices` (a separate, short-lived instance). */
async function listVoices() {
  const lines = [];
  await startCli(['--voices'], { print: (line) => lines.push(line) });
  // "Pty Language Age/Gender VoiceName File Other Languages"; spaces in names are printed as "_".
  return lines.slice(1).flatMap((line) => {
    const [, language, , name, identifier] = line.trim().split(/\s+/);
    return language && name && identifier
      ? [{ identifier, name: name.replaceAll('_', ' '), language }]
      : [];
  });
}

/** The voice file eSpeak speaks with now: the last <voice> element sent, or the start voice. */
let loadedVoice = START_VOICE;

/**
 * One request as stdin lines: each sets rate (S) and pitch (P), then says a piece of text. The voice
 * element is left open and sent only when the voice changes: eSpeak acts on a closing tag before it
 * has spoken a long clause (the rest came out in the start voice), an open one lasts into the next
 * lines, and each element costs ~15 % of a sentence's synthesis time.
 */
function requestLines({ text, voice, rate, pitch }) {
  const file = voiceFileId(voice);
  const settings = `\u0001${rate}S\u0001${pitch ?? DEFAULT_PITCH}P`;
  const change = file === loadedVoice ? '' : `<voice name="${file}">`;
  const open = change + settings;
  const close = '\n';
  const lines = linePieces(text, MAX_LINE_BYTES - byteLength(open + close));
  if (lines.length === 0) return new Uint8Array(0);
  loadedVoice = file;
  return encoder.encode(
    lines.map((line, i) => `${i === 0 ? open : settings}${line}${close}`).join(''),
  );
}

function resample(input, outRate) {
  if (outRate === ESPEAK_SAMPLE_RATE || input.length === 0) return input;
  const m = resampler;
  const errPtr = m._malloc(4);
  const state = m._speex_resampler_init(1, ESPEAK_SAMPLE_RATE, outRate, RESAMPLER_QUALITY, errPtr);
  const initStatus = m.HEAP32[errPtr >> 2];
  m._free(errPtr);
  if (initStatus !== 0) throw new Error(`Speex resampler failed to start (code ${initStatus})`);
  // The filter delays its output by a few samples: feed that many zeros after the input and drop
  // as many from the front of the output, so the audio neither loses its tail nor starts late.
  const inLatency = m._speex_resampler_get_input_latency(state);
  const outLatency = m._speex_resampler_get_output_latency(state);
  const inCount = input.length + inLatency;
  const outCount = Math.floor((input.length * outRate) / ESPEAK_SAMPLE_RATE) + outLatency;
  const inPtr = m._malloc(inCount * 2);
  const outPtr = m._malloc(outCount * 2);
  const inLenPtr = m._malloc(4);
  const outLenPtr = m._malloc(4);
  try {
    m.HEAP16.fill(0, inPtr >> 1, (inPtr >> 1) + inCount);
    m.HEAP16.set(input, inPtr >> 1);
    m.HEAP32[inLenPtr >> 2] = inCount;
    m.HEAP32[outLenPtr >> 2] = outCount;
    const status = m._speex_resampler_process_int(state, 0, inPtr, inLenPtr, outPtr, outLenPtr);
    if (status !== 0) throw new Error(`Speex resampler failed (code ${status})`);
    const produced = m.HEAP32[outLenPtr >> 2];
    return m.HEAP16.slice((outPtr >> 1) + Math.min(outLatency, produced), (outPtr >> 1) + produced);
  } finally {
    for (const pointer of [inPtr, outPtr, inLenPtr, outLenPtr]) m._free(pointer);
    m._speex_resampler_destroy(state);
  }
}

function replyError(id, error) {
  port.postMessage({
    type: 'error',
    id,
    message: error instanceof Error ? error.message : String(error),
  });
}

/** Blocks until the pool posts a message. */
function nextMessage() {
  for (;;) {
    const seen = Atomics.load(wake, 0);
    const received = receiveMessageOnPort(port);
    if (received) return received.message;
    Atomics.wait(wake, 0, seen);
  }
}

const voices = await listVoices();

let cli;
/** The synthesize request being spoken, its stdin bytes not yet read, and its audio so far. */
let current;
let input = new Uint8Array(0);
let audio = [];
let headerLeft = WAV_HEADER_BYTES;

/** The request is spoken once main() asks for more input: flush stdio's buffer and answer. */
function finish(request) {
  cli.exports.fflush(0);
  let length = 0;
  for (const part of audio) length += part.length;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of audio) {
    bytes.set(part, offset);
    offset += part.length;
  }
  audio = [];
  const pcm = resample(new Int16Array(bytes.buffer), request.sampleRate);
  // Transfer, not copy: the main thread receives the samples without touching them.
  port.postMessage({ type: 'audio', id: request.id, pcm: pcm.buffer }, [pcm.buffer]);
}

/** Answers what arrives until a synthesize request can be handed to main() as stdin. */
function takeRequest() {
  for (;;) {
    const message = nextMessage();
    try {
      if (message.type === 'voices') {
        port.postMessage({ type: 'voices', id: message.id, voices });
        continue;
      }
      input = requestLines(message);
      // Nothing to say (whitespace only): an empty answer now, since an empty read is end of file.
      if (input.length > 0) return message;
      port.postMessage({ type: 'audio', id: message.id, pcm: new ArrayBuffer(0) });
    } catch (error) {
      replyError(message.id, error);
    }
  }
}

function onStdin(memory, pointer, length) {
  if (input.length === 0) {
    if (current) {
      const done = current;
      current = undefined;
      try {
        finish(done);
      } catch (error) {
        replyError(done.id, error);
      }
    } else {
      port.postMessage({ type: 'ready' });
    }
    current = takeRequest();
  }
  const moved = Math.min(length, input.length);
  new Uint8Array(memory.buffer, pointer, moved).set(input.subarray(0, moved));
  input = input.subarray(moved);
  return moved;
}

function onStdout(memory, pointer, length) {
  const skip = Math.min(headerLeft, length);
  headerLeft -= skip;
  if (length > skip)
    audio.push(new Uint8Array(memory.buffer, pointer + skip, length - skip).slice());
  return length;
}

// main() never returns while it serves: if it does, or aborts, this worker is done, and the pool
// fails the request in flight and starts another.
startCli(['-m', '--stdout', '-v', START_VOICE], {
  onInstance: (instance) => {
    cli = instance;
  },
  onRuntimeInitialized: (fs) => addVariantVoices(fs, voices),
  onStdin,
  onStdout,
  onAbort: (what) => {
    console.error(`eSpeak-NG aborted: ${what}`);
    process.exit(70);
  },
}).then(
  () => process.exit(71),
  (error) => {
    console.error(error);
    process.exit(70);
  },
);
