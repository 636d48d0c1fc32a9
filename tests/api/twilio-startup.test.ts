import { describe, expect, it } from 'vitest';
import { runServerExpectingExit } from '../support/server';
import { TWILIO_ACCOUNT_ENV as twilio } from '../support/carrier-server';

// Start-up refuses a Twilio account it could not use, naming what to set.

describe('starting with a Twilio account', () => {
  it('stops without a public URL Twilio can reach, or without a recognizer', async () => {
    const noUrl = await runServerExpectingExit({
      ...twilio,
      STT_UPSTREAM_URL: 'http://stt.test/v1',
    });
    expect(noUrl.code).toBe(1);
    expect(noUrl.output).toMatch(/PUBLIC_API_URL: must be set for real calls through Twilio/);

    const plainHttp = await runServerExpectingExit({
      ...twilio,
      PUBLIC_API_URL: 'http://api.example.com',
      STT_UPSTREAM_URL: 'http://stt.test/v1',
    });
    expect(plainHttp.code).toBe(1);
    expect(plainHttp.output).toMatch(/PUBLIC_API_URL: must be https/);

    const noRecognizer = await runServerExpectingExit({
      ...twilio,
      PUBLIC_API_URL: 'https://api.example.com',
    });
    expect(noRecognizer.code).toBe(1);
    expect(noRecognizer.output).toMatch(
      /STT_UPSTREAM_URL: must be set for real calls through Twilio/,
    );
  }, 200_000);
});
