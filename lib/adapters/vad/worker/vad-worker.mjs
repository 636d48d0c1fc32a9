// Silero VAD in a worker thread: the model runs beside the server's JavaScript thread, so the
// event loop that carries every live call's frames and the HTTP traffic is not the one doing the
// inference. Plain .mjs on purpose, like the speech and PGlite workers: Next bundles route code,
// so lib/adapters/vad/thread-runner.ts loads this file from disk at run time.
//
// Messages in:  { id, n, width, input: Float32Array, state: Float32Array }  (one batch of rows)
// Messages out: { ready: true } once, then { id, ok: true, probabilities, next } | { id, ok: false, message }
import { parentPort, workerData } from 'node:worker_threads';
import * as ort from 'onnxruntime-node';

const port = parentPort;
if (!port) throw new Error('vad-worker.mjs must run in a worker thread');

const STATE_SIZE = 128;
const session = await ort.InferenceSession.create(workerData.modelPath, {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
});
const sr = new ort.Tensor('int64', BigInt64Array.from([BigInt(workerData.sampleRate)]), []);

port.on('message', async ({ id, n, width, input, state }) => {
  try {
    const out = await session.run({
      input: new ort.Tensor('float32', input, [n, width]),
      state: new ort.Tensor('float32', state, [2, n, STATE_SIZE]),
      sr,
    });
    // Copies of their own, so their buffers can move to the main thread without a second copy.
    const probabilities = Float32Array.from(out.output.data);
    const next = Float32Array.from(out.stateN.data);
    port.postMessage({ id, ok: true, probabilities, next }, [probabilities.buffer, next.buffer]);
  } catch (error) {
    port.postMessage({ id, ok: false, message: String(error?.message ?? error) });
  }
});
port.postMessage({ ready: true });
