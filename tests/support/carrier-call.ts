import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { CalleeStream, dialledCall, signedCallback, TWILIO_ACCOUNT_SID } from './twilio-line';
import { eventually } from './eventually';
import { dispatch } from './voice-api';

/** A folder for the stand-in's records of one suite (its servers share it). */
export const createFakeDir = () => mkdtempSync(join(tmpdir(), 'voice-fake-'));

/** Twilio's status callback for `sid`, signed, to `url` (a call's StatusCallback). */
export const carrierStatus = (
  url: string,
  sid: string,
  callStatus: string,
  extra: Record<string, string> = {},
) =>
  signedCallback(url, {
    AccountSid: TWILIO_ACCOUNT_SID,
    CallSid: sid,
    ...(callStatus ? { CallStatus: callStatus } : {}),
    ...extra,
  });

/** The status callback URL of `callId` at an instance. */
export const statusCallbackAt = (server: { url: string }, callId: string) =>
  `${server.url}/v1/telephony/twilio/status?call_id=${callId}`;

/**
 * A call placed at `server` through the Twilio stand-in, dialled, answered (`in-progress`) and
 * its media stream opened by the callee, who sends silence until told otherwise.
 */
export async function answerCarrierCall(
  server: { url: string },
  apiKey: string,
  fakeDir: string,
  request: Record<string, unknown>,
) {
  const callId = await dispatch(server.url, apiKey, request);
  const { create, sid, twiml, callback } = await dialledCall(fakeDir, callId);
  const answered = await carrierStatus(callback, sid, 'in-progress');
  expect(answered.status).toBe(204);
  const callee = await CalleeStream.open(twiml.streamUrl);
  callee.start(sid, { callId, token: twiml.token });
  /** A status callback for this call, at `at` (another instance) or where it was placed. */
  const status = (callStatus: string, extra: Record<string, string> = {}, at = server) =>
    carrierStatus(statusCallbackAt(at, callId), sid, callStatus, extra);
  /** Twilio's final callback delivered twice (a retry) at `at`: both copies answered 204. */
  const completedTwice = async (durationS: number, at = server) => {
    const extra = { CallDuration: String(durationS) };
    const answers = await Promise.all([1, 2].map(() => status('completed', extra, at)));
    expect(answers.map((a) => a.status)).toEqual([204, 204]);
  };
  return { callId, create, sid, twiml, callback, callee, status, completedTwice };
}

/** Resolves once no agent audio has arrived for `quietMs`. */
export const agentDone = (callee: CalleeStream, quietMs = 400) =>
  eventually(() => {
    const last = callee.media.at(-1);
    return last && performance.now() - last.at > quietMs ? true : undefined;
  }, 20_000);

/** Resolves once the callee has sent all the speech queued on it. */
export const saidOut = (callee: CalleeStream) =>
  eventually(() => (callee.speaking ? undefined : true), 20_000);
