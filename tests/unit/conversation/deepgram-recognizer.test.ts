import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeepgramRecognizer } from '@/lib/conversation/deepgram-recognizer';
import type { StreamTranscript } from '@/lib/conversation/streaming-recognizer';
import { eventually } from '../../support/eventually';
import { startStreamingStandIn, type StreamingStandIn } from '../../support/streaming-stand-in';

// The Deepgram adapter (official SDK) against the streaming stand-in over a real WebSocket.

const speech = Buffer.from(Array.from({ length: 160 }, (_, i) => (i % 2 ? 0x10 : 0x90)));
const silence = Buffer.alloc(160, 0xff);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let standIn: StreamingStandIn;
beforeAll(async () => {
  standIn = await startStreamingStandIn({
    apiKey: 'dg-test',
    partialEveryMs: 20,
    finalDelayMs: 50,
  });
});
afterAll(() => standIn.close());

async function open(apiKey = 'dg-test') {
  const recognizer = new DeepgramRecognizer({ apiKey, baseUrl: standIn.url, model: 'nova-3' });
  const results: StreamTranscript[] = [];
  const lost: string[] = [];
  const stream = await recognizer.open(
    { language: 'en' },
    { transcript: (r) => results.push(r), lost: (reason) => lost.push(reason) },
  );
  return { recognizer, stream, results, lost };
}

describe('the Deepgram streaming adapter', () => {
  it('streams μ-law frames, gets partials while speech goes on and the final after it', async () => {
    standIn.settings.script = [{ text: 'Yes, Tuesday works for me.', voicedMs: 300 }];
    const { recognizer, stream, results } = await open();
    expect(recognizer.description).toMatch(/^streaming: Deepgram live \(127\.0\.0\.1:\d+/);
    for (let i = 0; i < 15; i++) {
      stream.send(speech);
      await wait(10);
    }
    for (let i = 0; i < 5; i++) stream.send(silence);
    const final = await eventually(() => results.find((r) => r.final));
    expect(final).toEqual({ text: 'Yes, Tuesday works for me.', final: true, flushed: false });
    expect(results.filter((r) => !r.final).length).toBeGreaterThan(0);
    expect(results.find((r) => !r.final)?.text).toBe('Yes,');
    // Finalize with nothing pending is answered at once with an empty, flushed final.
    stream.finalize();
    expect(await eventually(() => results.find((r) => r.flushed))).toMatchObject({ text: '' });
    stream.close();
  });

  it('says when the connection is lost, and not when it closes it itself', async () => {
    const first = await open();
    standIn.dropAll();
    expect(await eventually(() => first.lost[0])).toMatch(/closed/);
    const second = await open();
    second.stream.close();
    await wait(100);
    expect(second.lost).toEqual([]);
  });

  it('fails to open with a wrong key', async () => {
    await expect(open('wrong')).rejects.toThrow();
  });
});
