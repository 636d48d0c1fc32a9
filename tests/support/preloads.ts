// Modules startServer({ preload }) loads into a server process before server.ts, written in
// TypeScript; the suites' set-up bundles each (tests/support/build-preloads.mjs).

/** Makes the server's Date read a clock file (tests/support/fixed-clock.ts). */
export const FIXED_CLOCK_PRELOAD = './tests/support/fixed-clock.ts';
/** msw stand-ins for Turnstile, HubSpot and Sanity. */
export const SAAS_PRELOAD = './tests/support/msw/saas-preload.ts';
/** msw stand-ins for Twilio's REST API, the recognizer and the language model. */
export const VOICE_PRELOAD = './tests/support/msw/voice-upstreams-preload.ts';
