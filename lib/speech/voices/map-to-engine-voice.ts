/**
 * Measured with this engine (eSpeak-NG, `tests/unit/voices` re-checks it): the median pitch in Hz
 * of the base voice `en-us` and its female variant `en-us+f3` at eSpeak pitch settings 0–100.
 */
export const PITCH_CALIBRATION = {
  'en-us': [
    [0, 68],
    [25, 80],
    [50, 101],
    [75, 130],
    [100, 169],
  ],
  'en-us+f3': [
    [0, 151],
    [25, 175],
    [50, 210],
    [75, 265],
    [100, 335],
  ],
} as const satisfies Record<string, readonly (readonly [number, number])[]>;

/** Syllables per second the estimator measures on this engine's speech at speed multipliers. */
export const RATE_CALIBRATION = [
  [0.6, 4.3],
  [0.8, 5.6],
  [1, 6.9],
  [1.25, 8.5],
  [1.6, 10.2],
] as const satisfies readonly (readonly [number, number])[];

/** Below this median pitch a voice maps onto the male base voice, at or above onto the female one. */
export const FEMALE_FROM_HZ = 160;

export interface DerivedVoice {
  engineVoice: keyof typeof PITCH_CALIBRATION;
  /** eSpeak-NG pitch, 0–100. */
  pitch: number;
  /** Speaking-rate multiplier, 0.6–1.6. */
  speed: number;
}

/** Inverse of a monotonic table of [setting, measured] points, clamped to its ends. */
function invert(table: readonly (readonly [number, number])[], measured: number): number {
  const first = table[0]!;
  const last = table[table.length - 1]!;
  if (measured <= first[1]) return first[0];
  if (measured >= last[1]) return last[0];
  for (let i = 1; i < table.length; i++) {
    const [s1, m1] = table[i]!;
    const [s0, m0] = table[i - 1]!;
    if (measured <= m1) return s0 + ((measured - m0) / (m1 - m0)) * (s1 - s0);
  }
  return last[0];
}

/**
 * The engine voice nearest to measured audio: the base voice by pitch (male below 160 Hz),
 * the eSpeak pitch setting that reproduces the median pitch, and the speed that reproduces the
 * syllable rate. Unknown measurements keep the voice's defaults (pitch 50, speed 1).
 */
export function mapToEngineVoice(measured: {
  pitchHz: number | null;
  syllablesPerSecond: number | null;
}): DerivedVoice {
  const engineVoice: DerivedVoice['engineVoice'] =
    measured.pitchHz !== null && measured.pitchHz >= FEMALE_FROM_HZ ? 'en-us+f3' : 'en-us';
  const pitch =
    measured.pitchHz === null
      ? 50
      : Math.round(invert(PITCH_CALIBRATION[engineVoice], measured.pitchHz));
  const speed =
    measured.syllablesPerSecond === null
      ? 1
      : Math.round(invert(RATE_CALIBRATION, measured.syllablesPerSecond) * 100) / 100;
  return { engineVoice, pitch, speed };
}
