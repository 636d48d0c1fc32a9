import { describe, expect, it } from 'vitest';
import { InboundFrame, parseInboundFrame } from '@/lib/conversation/twilio-frames';

// Media frames skip zod for speed (50 a second a call); they must read exactly as the schema
// reads them: the same frames kept, the same refused.

const media = (fields: Record<string, unknown>) => ({ event: 'media', ...fields });
const frames: unknown[] = [
  media({ media: { timestamp: '40', payload: 'AAAA', track: 'inbound' } }),
  media({ media: { timestamp: 0, payload: '' } }),
  media({ media: { timestamp: 20, payload: 'AAA=', track: '', extra: 1 }, streamSid: 'MZ1' }),
  media({ media: { timestamp: 20, payload: 'AA==' } }),
  media({ media: { timestamp: null, payload: 'AAAA' } }),
  media({ media: { timestamp: true, payload: 'AAAA' } }),
  media({ media: { timestamp: '', payload: 'AAAA' } }),
  media({ media: { timestamp: [], payload: 'AAAA' } }),
  media({ media: { timestamp: -1, payload: 'AAAA' } }),
  media({ media: { timestamp: 'x', payload: 'AAAA' } }),
  media({ media: { timestamp: Infinity, payload: 'AAAA' } }),
  media({ media: { payload: 'AAAA' } }),
  media({ media: { timestamp: 20, payload: '@@' } }),
  media({ media: { timestamp: 20, payload: 'AAA' } }),
  media({ media: { timestamp: 20, payload: 'A===' } }),
  media({ media: { timestamp: 20, payload: 42 } }),
  media({ media: { timestamp: 20, payload: 'AAAA', track: 7 } }),
  media({ media: null }),
  media({ media: 'AAAA' }),
  media({}),
];

describe('media frames read by hand', () => {
  it.each(frames.map((frame) => [JSON.stringify(frame), frame]))('%s as zod reads it', (text) => {
    const zod = InboundFrame.safeParse(JSON.parse(text as string));
    expect(parseInboundFrame(text as string)).toEqual(zod.success ? zod.data : null);
  });

  it('keeps a real frame and refuses a broken one', () => {
    const frame = JSON.stringify(media({ media: { timestamp: '40', payload: 'AAAA' } }));
    expect(parseInboundFrame(frame)).toEqual({
      event: 'media',
      media: { timestamp: 40, payload: 'AAAA' },
    });
    expect(parseInboundFrame(JSON.stringify(media({ media: { payload: '@@' } })))).toBeNull();
  });
});
