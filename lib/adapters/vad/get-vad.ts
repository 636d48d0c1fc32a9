import { getConfig } from '../../platform/config/config';
import { singleton } from '../../platform/runtime/singleton';
import { SileroVad } from './silero-vad';

/**
 * The process's voice-activity model (in a worker thread unless VAD_THREAD=main): Silero VAD unless VOICE_ACTIVITY=energy; null (the energy
 * detector) when the model cannot be loaded, which is logged once.
 */
export function getVad(): Promise<SileroVad | null> {
  return singleton('silero-vad', async () => {
    const config = getConfig();
    if (config.VOICE_ACTIVITY === 'energy') return null;
    try {
      return await SileroVad.load(undefined, { thread: config.VAD_THREAD });
    } catch (error) {
      console.error('Silero VAD not loaded; the energy detector ends turns:', error);
      return null;
    }
  });
}
