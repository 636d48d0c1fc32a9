import type { Twilio } from 'twilio';
import VoiceResponse from 'twilio/lib/twiml/VoiceResponse';
import { z } from 'zod';
import type { ConferenceLegRequest, DialOverRequest, LegStatus, StreamResume } from './types';

// What a live call does besides talking, in Twilio's terms: the call's own resources updated with
// TwiML (a <Dial> over the call, a <Conference> both legs meet in, <Play digits>). The parent
// call stays up while bridged, so its final callback's CallDuration covers the bridged time and
// the call is charged for all of it; a warm transfer's person's leg is a call of its own, billed
// by Twilio too, so its duration is read back and charged as well (carrier-status.ts).

const PLAYABLE_DIGITS = /^[0-9*#w]{1,64}$/;

/** TwiML that bridges the live call to `to`: the media stream ends, the call ends with the bridge. */
export function dialOverTwiml(request: DialOverRequest): string {
  const response = new VoiceResponse();
  response
    .dial({ callerId: request.callerId, timeLimit: Math.max(1, Math.floor(request.timeLimitS)) })
    .number(request.to);
  return response.toString();
}

/** TwiML of a leg in `room`: silent while alone, the room ends when either side leaves. */
export function conferenceTwiml(room: string, whisper?: string): string {
  const response = new VoiceResponse();
  if (whisper) response.say(whisper);
  response
    .dial()
    .conference(
      { beep: 'false', startConferenceOnEnter: true, endConferenceOnExit: true, waitUrl: '' },
      room,
    );
  return response.toString();
}

/** TwiML that presses `digits` toward the far end, then reconnects the media stream. */
export function digitsThenStreamTwiml(
  digits: string,
  streamUrl: string,
  resume: StreamResume,
): string {
  if (!PLAYABLE_DIGITS.test(digits)) throw new Error(`not keypad digits: ${digits}`);
  const response = new VoiceResponse();
  response.play({ digits });
  const stream = response.connect().stream({ url: streamUrl });
  stream.parameter({ name: 'callId', value: resume.callId });
  stream.parameter({ name: 'token', value: resume.streamToken });
  return response.toString();
}

const FetchedCall = z.object({
  status: z.string(),
  /** Whole seconds, once the call ended (Twilio sends it as a string, null before). */
  duration: z.union([z.string(), z.number()]).nullish(),
});

/** Twilio's call status in the words of a warm transfer. */
export function legStatusOf(status: string): LegStatus {
  switch (status) {
    case 'queued':
    case 'initiated':
    case 'ringing':
      return 'ringing';
    case 'in-progress':
      return 'answered';
    case 'completed':
      return 'ended';
    default:
      // busy, no-answer, failed, canceled
      return 'unanswered';
  }
}

/** The Twilio client's side of the optional CarrierLine methods (twilio-carrier.ts delegates). */
export const twilioTransfers = (client: () => Promise<Twilio>, streamUrl: string) => ({
  async dialOver(sid: string, request: DialOverRequest): Promise<void> {
    await (await client()).calls(sid).update({ twiml: dialOverTwiml(request) });
  },
  async callIntoConference(request: ConferenceLegRequest): Promise<{ carrierCallSid: string }> {
    const created = await (
      await client()
    ).calls.create({
      to: request.to,
      from: request.from,
      twiml: conferenceTwiml(request.room, request.whisper),
      timeout: request.ringTimeoutS,
      timeLimit: Math.max(1, Math.floor(request.timeLimitS)),
    });
    return { carrierCallSid: z.object({ sid: z.string().min(1) }).parse(created).sid };
  },
  async legStatus(sid: string): Promise<LegStatus> {
    return legStatusOf(FetchedCall.parse(await (await client()).calls(sid).fetch()).status);
  },
  async legBilledSeconds(sid: string): Promise<number | null> {
    const call = FetchedCall.parse(await (await client()).calls(sid).fetch());
    const seconds = Number(call.duration ?? NaN);
    return call.status === 'completed' && Number.isFinite(seconds) ? Math.max(0, seconds) : null;
  },
  async joinConference(sid: string, room: string): Promise<void> {
    await (await client()).calls(sid).update({ twiml: conferenceTwiml(room) });
  },
  async sendDigits(sid: string, digits: string, resume: StreamResume): Promise<void> {
    await (
      await client()
    )
      .calls(sid)
      .update({ twiml: digitsThenStreamTwiml(digits, streamUrl, resume) });
  },
});
