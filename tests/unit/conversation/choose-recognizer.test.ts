import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/platform/config/config';
import { describeRecognizers } from '@/lib/adapters/recognizers/describe-recognizers';
import { createSpeechRecognizer } from '@/lib/adapters/recognizers/speech-recognizer';
import { createStreamingRecognizer } from '@/lib/adapters/recognizers/get-streaming-recognizer';

// Which recognizer serves real calls, as start-up names it, from the environment alone.

const WHOLE = { STT_UPSTREAM_URL: 'https://api.openai.com/v1', STT_UPSTREAM_API_KEY: 'sk-x' };
const served = (env: Record<string, string>) => {
  const config = parseConfig(env);
  return describeRecognizers(createStreamingRecognizer(config), createSpeechRecognizer(config));
};

describe('choosing a recognizer', () => {
  it('whole turns only without a streaming vendor', () => {
    expect(served(WHOLE)).toBe('whole-turn: upstream recognizer (api.openai.com, model whisper-1)');
  });

  it('Deepgram live when its key is set, as before STT_STREAMING existed', () => {
    expect(served({ ...WHOLE, DEEPGRAM_API_KEY: 'dg' })).toBe(
      'streaming: Deepgram live (api.deepgram.com, model nova-3); ' +
        'whole-turn fallback: upstream recognizer (api.openai.com, model whisper-1)',
    );
  });

  it('an OpenAI Realtime session on the upstream server with STT_STREAMING=openai-realtime', () => {
    const env = { ...WHOLE, DEEPGRAM_API_KEY: 'dg', STT_STREAMING: 'openai-realtime' };
    expect(served(env)).toBe(
      'streaming: OpenAI Realtime transcription (api.openai.com, model gpt-4o-transcribe); ' +
        'whole-turn fallback: upstream recognizer (api.openai.com, model whisper-1)',
    );
    const standIn = { ...env, STT_STREAMING_URL: 'https://127.0.0.1:4443/v1' };
    expect(createStreamingRecognizer(parseConfig(standIn))?.description).toBe(
      'streaming: OpenAI Realtime transcription (127.0.0.1:4443, model gpt-4o-transcribe)',
    );
  });

  it.each([
    [{ STT_STREAMING: 'openai-realtime' }, 'STT_UPSTREAM_URL'],
    [{ ...WHOLE, STT_STREAMING: 'deepgram' }, 'DEEPGRAM_API_KEY'],
    [{ ...WHOLE, STT_STREAMING: 'whisper' }, 'STT_STREAMING'],
  ])('refuses to start with %j, naming %s', (env, variable) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(`^\\s+${variable}:`, 'm'));
  });
});
