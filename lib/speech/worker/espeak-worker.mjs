// One warm eSpeak-NG instance (Emscripten build) per worker thread. Plain .mjs on purpose: Next bundles
// route code with Turbopack, so the pool loads this file from disk at run time (see worker-pool.ts)
// and it imports the Emscripten packages straight from node_modules, where they find their data files.
//
// Messages in:  { type: 'synthesize', id, text, voice, rate, pitch?, sampleRate } | { type: 'voices', id }
// Messages out: { type: 'ready' } | { type: 'audio', id, pcm: ArrayBuffer } | { type: 'voices', id, voices }
//               | { type: 'error', id, message }
import { parentPort } from 'node:worker_threads';
import initEspeak from '@echogarden/espeak-ng-emscripten';
import initResampler from '@echogarden/speex-resampler-wasm/simd';

/** eSpeak-NG synthesizes at this rate; other rates are resampled here, off the main thread. */
const ESPEAK_SAMPLE_RATE = 22050;
/** Speex quality 0–10; 4 is its "VoIP" default and costs a few ms per second of audio. */
const RESAMPLER_QUALITY = 4;
/** eSpeak-NG's base pitch parameter (0–100) when a request names none; its own default. */
const DEFAULT_PITCH = 50;

const port = parentPort;
if (!port) throw new Error('espeak-worker.mjs must run in a worker thread');

const espeakModule = await initEspeak();
const espeak = new espeakModule.eSpeakNGWorker();
const resampler = await initResampler();

let currentVoice = '';
let currentRate = -1;
let currentPitch = -1;

/** The engine's own identifier per voice; a variant such as "en-us+f3" after its base voice. */
function listVoices() {
  /** @type {{ name: string, identifier: string, languages: { priority: number, name: string }[] }[]} */
  const raw = espeak.list_voices();
  return raw.map((voice) => ({
    identifier: voice.identifier,
    name: voice.name,
    language: voice.languages[0]?.name ?? voice.identifier,
  }));
}

// Text goes to eSpeak with SSML parsing on, so markup characters must be escaped to be spoken.
function escapeMarkup(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function synthesize(text, voice, rate, pitch) {
  if (voice !== currentVoice) {
    const status = espeak.set_voice(voice);
    if (status !== 0) throw new Error(`eSpeak-NG has no voice "${voice}" (status ${status})`);
    currentVoice = voice;
    // A voice change may reload the voice's own settings: apply the pitch again to be sure.
    currentPitch = -1;
  }
  if (pitch !== currentPitch) {
    espeak.set_pitch(pitch);
    currentPitch = pitch;
  }
  if (rate !== currentRate) {
    espeak.set_rate(rate);
    currentRate = rate;
  }
  /** @type {Int16Array[]} */
  const parts = [];
  let length = 0;
  espeak.synthesize(escapeMarkup(text), (samples) => {
    if (samples && samples.length > 0) {
      parts.push(samples);
      length += samples.length;
    }
  });
  const joined = new Int16Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
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

port.on('message', (message) => {
  const { id } = message;
  try {
    if (message.type === 'voices') {
      port.postMessage({ type: 'voices', id, voices: listVoices() });
      return;
    }
    const pcm = resample(
      synthesize(message.text, message.voice, message.rate, message.pitch ?? DEFAULT_PITCH),
      message.sampleRate,
    );
    // Transfer, not copy: the main thread receives the samples without touching them.
    port.postMessage({ type: 'audio', id, pcm: pcm.buffer }, [pcm.buffer]);
  } catch (error) {
    port.postMessage({
      type: 'error',
      id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
});

port.postMessage({ type: 'ready' });
