export { getVad } from './get-vad';
export { SileroVad, VadStream, WINDOW_SAMPLES } from './silero-vad';
