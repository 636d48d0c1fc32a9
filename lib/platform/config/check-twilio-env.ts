import type { z } from 'zod';

const TWILIO_VARS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] as const;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/**
 * The environment rules of the Twilio carrier (part of lib/platform/config/config.ts's validation): all three
 * credentials, a public URL Twilio can reach, and a recognizer.
 */
export function checkTwilioEnv(
  env: Partial<
    Record<(typeof TWILIO_VARS)[number] | 'PUBLIC_API_URL' | 'STT_UPSTREAM_URL', string>
  >,
  ctx: z.RefinementCtx,
): void {
  const set = TWILIO_VARS.filter((name) => env[name]);
  if (set.length === 0) return;
  if (set.length < TWILIO_VARS.length) {
    for (const name of TWILIO_VARS.filter((n) => !env[n])) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `${TWILIO_VARS.join(', ')} must be set together (real calls through Twilio)`,
      });
    }
    return;
  }
  if (!env.PUBLIC_API_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_API_URL'],
      message:
        'must be set for real calls through Twilio: the https URL at which Twilio reaches this API (a tunnel in development)',
    });
  } else {
    const url = new URL(env.PUBLIC_API_URL);
    if (url.protocol !== 'https:' && !LOOPBACK.test(url.hostname)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_API_URL'],
        message: 'must be https for real calls through Twilio (http only on loopback)',
      });
    }
  }
  if (!env.STT_UPSTREAM_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['STT_UPSTREAM_URL'],
      message:
        'must be set for real calls through Twilio: an OpenAI-compatible speech-to-text base URL (e.g. https://api.openai.com/v1 with STT_UPSTREAM_API_KEY)',
    });
  }
}
