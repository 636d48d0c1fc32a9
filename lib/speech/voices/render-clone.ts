import type { voiceClones } from '../../adapters/db/schema/voices';
import type { VoiceView } from './types';

export type CloneRow = typeof voiceClones.$inferSelect;

/** A clone row as the API shows it (private to its organization). */
export function renderClone(row: CloneRow): VoiceView {
  const measured = row.samplePitchHz === null ? '' : `, median ${Math.round(row.samplePitchHz)} Hz`;
  return {
    id: row.id,
    name: row.name,
    description:
      row.description ??
      `${row.kind === 'instant' ? 'Instant' : 'Professional'} clone: ${row.engineVoice} at pitch ${row.pitch}, speed ${row.speed}, from ${row.sampleCount} sample(s)${measured}.`,
    public: false,
    tags: ['clone', row.kind, row.generation],
    language: 'en-US',
    kind: row.kind,
    state: row.state,
    clone: {
      generation: row.generation,
      engine_voice: row.engineVoice,
      pitch: row.pitch,
      speed: row.speed,
      measured: {
        pitch_hz: row.samplePitchHz === null ? null : Math.round(row.samplePitchHz * 10) / 10,
        syllables_per_second:
          row.sampleSyllablesPerSecond === null
            ? null
            : Math.round(row.sampleSyllablesPerSecond * 100) / 100,
        sample_seconds: Math.round(row.sampleSeconds * 100) / 100,
        samples: row.sampleCount,
      },
      review: {
        status: row.reviewStatus,
        note: row.reviewNote,
        reviewed_at: row.reviewedAt?.toISOString() ?? null,
      },
      created_at: row.createdAt.toISOString(),
      promoted_at: row.promotedAt?.toISOString() ?? null,
    },
  };
}
