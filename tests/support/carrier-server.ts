import { freePort } from './free-port';
import { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, VOICE_PRELOAD } from './twilio-line';
import { startVoiceServer, type VoiceServer } from './voice-api';

/** The Twilio account every carrier test configures (the stand-in accepts it). */
export const TWILIO_ACCOUNT_ENV = {
  TWILIO_ACCOUNT_SID,
  TWILIO_AUTH_TOKEN,
  TWILIO_FROM_NUMBER: '+15005550006',
} as const;

/**
 * A built server placing real calls through the Twilio adapter, on a free port it is reached
 * at: msw in its process plays Twilio's REST API, the recognizer and the language model, and
 * records to `fakeDir`. `shareWith` runs another instance on the same database and keys.
 */
export async function startCarrierServer(options: {
  fakeDir: string;
  shareWith?: VoiceServer;
  env?: Record<string, string>;
  preload?: string[];
}): Promise<VoiceServer> {
  const port = await freePort();
  return startVoiceServer({
    ...(options.shareWith ? { shareWith: options.shareWith } : {}),
    preload: [VOICE_PRELOAD, ...(options.preload ?? [])],
    env: {
      PORT: String(port),
      PUBLIC_API_URL: `http://127.0.0.1:${port}`,
      ...TWILIO_ACCOUNT_ENV,
      TWILIO_API_BASE_URL: 'https://twilio.test',
      STT_UPSTREAM_URL: 'http://stt.test/v1',
      AGENT_LLM_BASE_URL: 'http://llm.test/v1',
      AGENT_LLM_MODEL: 'test-model',
      VOICE_FAKE_DIR: options.fakeDir,
      ...options.env,
    },
  });
}
