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
/** A key the far end pressed (bidirectional streams carry them on the inbound track). */
const Dtmf = z.object({
  event: z.literal('dtmf'),
  streamSid: z.string().optional(),
  sequenceNumber: z.coerce.number().optional(),
  dtmf: z.object({ track: z.string().optional(), digit: z.string().min(1).max(1) }),
});

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
export type DtmfFrame = z.infer<typeof Dtmf>;

/** Parses one text frame; null for anything that is not a Twilio frame we know. */
export function parseInboundFrame(text: string): InboundFrame | null {
  try {
    const parsed = InboundFrame.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type OutboundFrame =
  | { event: 'media'; streamSid: string; media: { payload: string } }
  | { event: 'mark'; streamSid: string; mark: { name: string } }
  | { event: 'clear'; streamSid: string };
