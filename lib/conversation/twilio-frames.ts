import { z } from 'zod';

// Twilio Media Streams' frames (https://www.twilio.com/docs/voice/media-streams/websocket-messages).
// Extra fields Twilio may add are ignored; a frame we do not know is refused by the parser.

const Connected = z.object({ event: z.literal('connected') });
const Start = z.object({
  event: z.literal('start'),
  streamSid: z.string().min(1),
  start: z.object({
    callSid: z.string().min(1),
    customParameters: z.record(z.string(), z.string()).default({}),
    mediaFormat: z.object({ encoding: z.string(), sampleRate: z.coerce.number() }).optional(),
  }),
});
const Media = z.object({
  event: z.literal('media'),
  media: z.object({
    track: z.string().optional(),
    /** Milliseconds since the stream started. */
    timestamp: z.coerce.number().min(0),
    payload: z.base64(),
  }),
});
const Mark = z.object({ event: z.literal('mark'), mark: z.object({ name: z.string() }) });
const Stop = z.object({ event: z.literal('stop') });
const Dtmf = z.object({ event: z.literal('dtmf') });

export const InboundFrame = z.discriminatedUnion('event', [
  Connected,
  Start,
  Media,
  Mark,
  Stop,
  Dtmf,
]);
export type InboundFrame = z.infer<typeof InboundFrame>;
export type StartFrame = z.infer<typeof Start>;

/** Standard base64 with padding, as `z.base64()` takes it. */
const BASE64 = /^(?:[0-9a-zA-Z+/]{4})*(?:[0-9a-zA-Z+/]{2}==|[0-9a-zA-Z+/]{3}=)?$/;

/**
 * A media frame checked by hand with the rules of `Media`: 50 of them a second a call, and zod's
 * generic walk over them was a sixth of the event loop's busy time at 20 calls. Undefined when
 * the value is not a media frame at all (zod judges it).
 */
function mediaFrame(value: unknown): InboundFrame | null | undefined {
  const frame = value as { event?: unknown; media?: Record<string, unknown> } | null;
  if (typeof frame !== 'object' || frame === null || frame.event !== 'media') return undefined;
  const media = frame.media;
  if (typeof media !== 'object' || media === null) return null;
  const { payload, track } = media;
  // As z.coerce.number(): strings and numbers alike; NaN, infinities and negatives refused.
  const timestamp = Number(media.timestamp);
  if (!Number.isFinite(timestamp) || timestamp < 0) return null;
  if (typeof payload !== 'string' || !BASE64.test(payload)) return null;
  if (track !== undefined && typeof track !== 'string') return null;
  return {
    event: 'media',
    media: { ...(track !== undefined ? { track } : {}), timestamp, payload },
  };
}

/** Parses one text frame; null for anything that is not a Twilio frame we know. */
export function parseInboundFrame(text: string): InboundFrame | null {
  try {
    const value: unknown = JSON.parse(text);
    const media = mediaFrame(value);
    if (media !== undefined) return media;
    const parsed = InboundFrame.safeParse(value);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type OutboundFrame =
  | { event: 'media'; streamSid: string; media: { payload: string } }
  | { event: 'mark'; streamSid: string; mark: { name: string } }
  | { event: 'clear'; streamSid: string };
