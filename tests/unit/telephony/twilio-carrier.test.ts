import { http, HttpResponse } from 'msw';
import { mswServer } from '../../support/msw/msw-server';
import twilio from 'twilio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/platform/config/config';
import { createCallProvider, streamTwiml, TwilioCarrier } from '@/lib/adapters/telephony';
import { signStreamToken, verifyStreamToken } from '@/lib/adapters/telephony/stream-token';

// msw plays Twilio's REST API at a stand-in host; the official client is real.
const SID = `AC${'ab'.repeat(16)}`;
const TOKEN = 'auth-token-for-tests';
const received: { url: string; auth: string | null; form: Record<string, string> }[] = [];
const server = mswServer(
  http.post(
    'https://twilio.stand-in.test/2010-04-01/Accounts/:sid/Calls.json',
    async ({ request }) => {
      received.push({
        url: request.url,
        auth: request.headers.get('authorization'),
        form: Object.fromEntries(new URLSearchParams(await request.text())),
      });
      return HttpResponse.json({ sid: 'CA0001', status: 'queued' }, { status: 201 });
    },
  ),
  http.post(
    'https://twilio.stand-in.test/2010-04-01/Accounts/:sid/Calls/:call.json',
    async ({ request }) => {
      received.push({
        url: request.url,
        auth: request.headers.get('authorization'),
        form: Object.fromEntries(new URLSearchParams(await request.text())),
      });
      return HttpResponse.json({ sid: 'CA0001', status: 'completed' });
    },
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  received.length = 0;
});
afterAll(() => server.close());

const carrier = () =>
  new TwilioCarrier({
    accountSid: SID,
    authToken: TOKEN,
    fromNumber: '+15005550006',
    publicApiUrl: 'https://api.example.com/',
    apiBaseUrl: 'https://twilio.stand-in.test',
  });

const twilioEnv = {
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: TOKEN,
  TWILIO_FROM_NUMBER: '+15005550006',
};

describe('the Twilio carrier adapter', () => {
  it('sends every REST request to TWILIO_API_BASE_URL with the account credentials', async () => {
    const line = carrier();
    const placed = await line.placeCall({
      callId: '6f1c1b8e-0000-4000-8000-000000000001',
      to: '+14155550123',
      from: '+15005550006',
      timeLimitS: 300,
      streamToken: 'tok',
      machineDetection: true,
    });
    await line.hangUp(placed.carrierCallSid);
    expect(placed).toEqual({ carrierCallSid: 'CA0001' });
    expect(received.map((r) => new URL(r.url).pathname)).toEqual([
      `/2010-04-01/Accounts/${SID}/Calls.json`,
      `/2010-04-01/Accounts/${SID}/Calls/CA0001.json`,
    ]);
    expect(received[0]!.auth).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(received[0]!.form).toMatchObject({
      To: '+14155550123',
      From: '+15005550006',
      TimeLimit: '300',
      MachineDetection: 'DetectMessageEnd',
      AsyncAmd: 'true',
      StatusCallback:
        'https://api.example.com/v1/telephony/twilio/status?call_id=6f1c1b8e-0000-4000-8000-000000000001',
    });
    expect(received[0]!.form.Twiml).toContain(
      '<Connect><Stream url="wss://api.example.com/v1/telephony/twilio/media">',
    );
    expect(received[1]!.form).toEqual({ Status: 'completed' });
  });

  it('asks for machine detection only when the call asked for it', async () => {
    const line = carrier();
    const before = received.length;
    await line.placeCall({
      callId: '6f1c1b8e-0000-4000-8000-000000000002',
      to: '+14155550123',
      from: '+15005550006',
      timeLimitS: 300,
      streamToken: 'tok',
      machineDetection: false,
    });
    const form = received[before]!.form;
    expect(form.To).toBe('+14155550123');
    expect(Object.keys(form).filter((k) => /Amd|MachineDetection/.test(k))).toEqual([]);
  });

  it('streams to ws:// for an http origin on loopback', () => {
    expect(streamTwiml('http://127.0.0.1:3000', 'c1', 't1')).toContain(
      'url="ws://127.0.0.1:3000/v1/telephony/twilio/media"',
    );
  });

  it('accepts only signatures Twilio computes with the auth token', () => {
    const line = carrier();
    const url = 'https://api.example.com/v1/telephony/twilio/status?call_id=x';
    const params = { CallSid: 'CA1', CallStatus: 'ringing' };
    const good = twilio.getExpectedTwilioSignature(TOKEN, url, params);
    expect(line.validSignature(good, url, params)).toBe(true);
    expect(line.validSignature(good, url, { ...params, CallStatus: 'completed' })).toBe(false);
    expect(
      line.validSignature(twilio.getExpectedTwilioSignature('other', url, params), url, params),
    ).toBe(false);
    expect(line.validSignature(null, url, params)).toBe(false);
  });
});

describe('choosing the line from the environment', () => {
  it('is the sandbox without Twilio credentials, Twilio with all three', () => {
    expect(createCallProvider(parseConfig({})).kind).toBe('sandbox');
    const config = parseConfig({
      ...twilioEnv,
      PUBLIC_API_URL: 'https://api.example.com',
      STT_UPSTREAM_URL: 'https://api.openai.com/v1',
    });
    const line = createCallProvider(config);
    expect(line.kind).toBe('twilio');
    expect(line.description).toMatch(/^twilio/);
  });

  it('refuses part of the credentials, a missing or plain-http public URL, and no recognizer', () => {
    expect(() => parseConfig({ TWILIO_ACCOUNT_SID: SID })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() => parseConfig({ ...twilioEnv, STT_UPSTREAM_URL: 'http://stt.test/v1' })).toThrow(
      /PUBLIC_API_URL: must be set for real calls through Twilio/,
    );
    expect(() =>
      parseConfig({
        ...twilioEnv,
        PUBLIC_API_URL: 'http://api.example.com',
        STT_UPSTREAM_URL: 'http://stt.test/v1',
      }),
    ).toThrow(/PUBLIC_API_URL: must be https/);
    expect(() => parseConfig({ ...twilioEnv, PUBLIC_API_URL: 'http://127.0.0.1:3000' })).toThrow(
      /STT_UPSTREAM_URL: must be set for real calls through Twilio/,
    );
    expect(() =>
      parseConfig({
        ...twilioEnv,
        PUBLIC_API_URL: 'http://localhost:3000',
        STT_UPSTREAM_URL: 'http://stt.test/v1',
      }),
    ).not.toThrow();
  });
});

describe('stream tokens', () => {
  const key = 'k'.repeat(32);
  it('hold for their call until they expire', () => {
    const token = signStreamToken(key, 'call-1', 1_000_000);
    expect(verifyStreamToken(key, 'call-1', token, 1_000_000)).not.toBeNull();
    expect(verifyStreamToken(key, 'call-2', token, 1_000_000)).toBeNull();
    expect(verifyStreamToken('x'.repeat(32), 'call-1', token, 1_000_000)).toBeNull();
    expect(verifyStreamToken(key, 'call-1', token, 1_000_000 + 11 * 60_000)).toBeNull();
    // One character of the signature changed (to one it is not: 1 token in 64 ends in A).
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyStreamToken(key, 'call-1', tampered, 1_000_000)).toBeNull();
  });
});
