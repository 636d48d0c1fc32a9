import type { AudioFormat, Container } from './audio-format';

type SpeakFormat = 'pcm_8000' | 'pcm_16000' | 'pcm_24000' | 'pcm_44100' | 'ulaw_8000';

/** The `/v1/speak` output_format names as audio formats (always a WAV file there). */
export function speakFormat(name: SpeakFormat): AudioFormat {
  if (name === 'ulaw_8000') return { container: 'wav', encoding: 'mulaw', sampleRate: 8000 };
  return { container: 'wav', encoding: 'pcm_s16le', sampleRate: Number(name.slice(4)) };
}

const OPENAI_CONTAINERS: Record<string, Container> = {
  mp3: 'mp3',
  opus: 'ogg_opus',
  flac: 'flac',
  wav: 'wav',
  pcm: 'raw',
};

/** OpenAI's formats, all 24 kHz mono: `pcm` is raw 16-bit little-endian, `opus` Ogg Opus. */
export function openAiFormat(name: string): AudioFormat {
  return { container: OPENAI_CONTAINERS[name] ?? 'mp3', encoding: 'pcm_s16le', sampleRate: 24000 };
}

export function audioFormat(spec?: {
  container: Container;
  encoding: 'pcm_s16le' | 'mulaw';
  sample_rate: number;
}): AudioFormat {
  return {
    container: spec?.container ?? 'wav',
    encoding: spec?.encoding ?? 'pcm_s16le',
    sampleRate: spec?.sample_rate ?? 24000,
  };
}
