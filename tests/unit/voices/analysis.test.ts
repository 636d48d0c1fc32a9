import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/platform/http';
import { createSpeechEngine, type SpeechEngine } from '@/lib/adapters/speech-engine';
import { analyzeSamples } from '@/lib/speech/voices';
import { decodeWavSample } from '@/lib/speech/voices/decode-wav-sample';
import { estimatePitch } from '@/lib/speech/voices/estimate-pitch';
import { estimateSpeakingRate } from '@/lib/speech/voices/estimate-speaking-rate';
import {
  mapToEngineVoice,
  PITCH_CALIBRATION,
  RATE_CALIBRATION,
} from '@/lib/speech/voices/map-to-engine-voice';
import { synthesizeWav, toneWav, wavToFloats } from '../../support/voice-samples';

let engine: SpeechEngine;
beforeAll(() => {
  engine = createSpeechEngine({ poolSize: 1 });
});
afterAll(() => engine.close());

const pitchOf = (wav: Buffer) => {
  const { samples, sampleRate } = wavToFloats(wav);
  return estimatePitch(samples, sampleRate).medianHz!;
};

describe('pitch and speaking rate, measured on real audio', () => {
  it('a generated 220 Hz sine measures about 220 Hz, and tells no speaking rate', () => {
    const { samples, sampleRate } = wavToFloats(toneWav(220, 2));
    expect(estimatePitch(samples, sampleRate).medianHz).toBeCloseTo(220, 0);
    expect(estimateSpeakingRate(samples, sampleRate).syllablesPerSecond).toBeNull();
    expect(estimatePitch(new Float32Array(16_000), 16_000).medianHz).toBeNull();
  });

  it(
    'the female variant measures higher than the male voice, and a higher pitch setting higher still',
    { timeout: 30_000 },
    async () => {
      const male = pitchOf(await synthesizeWav(engine, { voice: 'en-us' }));
      const female = pitchOf(await synthesizeWav(engine, { voice: 'en-us+f3' }));
      const lowMale = pitchOf(await synthesizeWav(engine, { voice: 'en-us', pitch: 10 }));
      expect(male).toBeGreaterThan(80);
      expect(male).toBeLessThan(140);
      expect(female).toBeGreaterThan(male * 1.5);
      expect(lowMale).toBeLessThan(male - 10);
    },
  );

  it(
    'the calibration tables still hold for this engine (within 12 %)',
    { timeout: 60_000 },
    async () => {
      for (const [voice, table] of Object.entries(PITCH_CALIBRATION)) {
        for (const [pitch, hz] of [table[1], table[3]]) {
          const measured = pitchOf(await synthesizeWav(engine, { voice, pitch }));
          expect(Math.abs(measured - hz) / hz, `${voice} pitch ${pitch}`).toBeLessThan(0.12);
        }
      }
      const rates: number[] = [];
      for (const [speed] of RATE_CALIBRATION) {
        const { samples, sampleRate } = wavToFloats(
          await synthesizeWav(engine, { voice: 'en-us', speed }),
        );
        rates.push(estimateSpeakingRate(samples, sampleRate).syllablesPerSecond!);
      }
      // Faster speech measures more syllables per second.
      expect(rates[4]).toBeGreaterThan(rates[2]! * 1.2);
      expect(rates[0]).toBeLessThan(rates[2]! * 0.8);
    },
  );
});

describe('mapping measurements onto an engine voice', () => {
  it('maps pitch onto the male or female base voice and the eSpeak pitch setting', () => {
    expect(mapToEngineVoice({ pitchHz: 101, syllablesPerSecond: null })).toEqual({
      engineVoice: 'en-us',
      pitch: 50,
      speed: 1,
    });
    expect(mapToEngineVoice({ pitchHz: 265, syllablesPerSecond: 6.9 })).toEqual({
      engineVoice: 'en-us+f3',
      pitch: 75,
      speed: 1,
    });
    expect(mapToEngineVoice({ pitchHz: 40, syllablesPerSecond: 20 })).toMatchObject({
      engineVoice: 'en-us',
      pitch: 0,
      speed: 1.6,
    });
    expect(mapToEngineVoice({ pitchHz: null, syllablesPerSecond: 4 })).toMatchObject({
      engineVoice: 'en-us',
      pitch: 50,
      speed: 0.6,
    });
  });

  it(
    'a clone of synthesized speech recovers its voice, pitch setting and speed',
    { timeout: 30_000 },
    async () => {
      const female = analyzeSamples([
        await synthesizeWav(engine, { voice: 'en-us+f3', pitch: 70, sampleRate: 22_050 }),
      ]);
      expect(female.engineVoice).toBe('en-us+f3');
      expect(Math.abs(female.pitch - 70)).toBeLessThanOrEqual(10);
      expect(Math.abs(female.speed - 1)).toBeLessThanOrEqual(0.15);

      const male = analyzeSamples([
        await synthesizeWav(engine, { voice: 'en-us', speed: 1.5, sampleRate: 48_000 }),
        await synthesizeWav(engine, { voice: 'en-us', speed: 1.5, sampleRate: 8_000 }),
      ]);
      expect(male).toMatchObject({ engineVoice: 'en-us', sampleCount: 2 });
      expect(Math.abs(male.pitch - 50)).toBeLessThanOrEqual(10);
      expect(male.speed).toBeGreaterThan(1.2);
    },
  );

  it('a stereo tone maps by its pitch (220 Hz → the female base voice)', () => {
    const analysis = analyzeSamples([toneWav(220, 1.5, 44_100, 2)]);
    expect(analysis).toMatchObject({ engineVoice: 'en-us+f3', speed: 1, sampleCount: 1 });
    expect(analysis.samplePitchHz).toBeCloseTo(220, 0);
    expect(analysis.sampleSeconds).toBeCloseTo(1.5, 2);
  });
});

describe('sample validation', () => {
  const fieldOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      return [(error as ApiError).status, (error as ApiError).field];
    }
    return 'accepted';
  };
  it('refuses non-WAV bytes, samples under 1 s and over 60 s, naming audio_samples', () => {
    expect(fieldOf(() => decodeWavSample(Buffer.from('not a wav file at all'), 'x'))).toEqual([
      400,
      'audio_samples',
    ]);
    expect(fieldOf(() => decodeWavSample(toneWav(200, 0.5), 'x'))).toEqual([400, 'audio_samples']);
    expect(fieldOf(() => decodeWavSample(toneWav(200, 61, 8_000), 'x'))).toEqual([
      400,
      'audio_samples',
    ]);
    expect(fieldOf(() => decodeWavSample(toneWav(200, 1, 8_000), 'x'))).toBe('accepted');
  });
});
