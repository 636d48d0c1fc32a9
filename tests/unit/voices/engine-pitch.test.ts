import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSpeechEngine,
  SpeechRequestError,
  type SpeechEngine,
} from '@/lib/adapters/speech-engine';

let engine: SpeechEngine;
beforeAll(() => {
  engine = createSpeechEngine({ poolSize: 1 });
});
afterAll(() => engine.close());

const drain = async (pitch: number) => {
  for await (const chunk of engine.synthesize({ text: 'Hi.', sampleRate: 8_000, pitch })) {
    expect(chunk.pcm.length).toBeGreaterThan(0);
  }
};

describe('the engine pitch parameter', () => {
  it('accepts whole numbers 0–100 and refuses others, naming pitch', async () => {
    await drain(0);
    await drain(100);
    for (const bad of [-1, 101, 12.5, Number.NaN]) {
      await expect(drain(bad)).rejects.toSatisfy(
        (error) => error instanceof SpeechRequestError && error.field === 'pitch',
      );
    }
  });
});
