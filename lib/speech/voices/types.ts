import type {
  CloneGeneration,
  CloneKind,
  CloneState,
  ReviewStatus,
} from '../../adapters/db/schema/voices';
import type { Ports } from '../../adapters/ports';

export type VoiceDeps = Pick<Ports, 'db' | 'speech'>;

/** A voice as GET /v1/voices shows it. */
export interface VoiceView {
  id: string;
  name: string;
  description: string;
  public: boolean;
  tags: string[];
  language: string;
  /** `catalogue` persona, raw `engine` voice, or the organization's `instant`/`professional` clone. */
  kind: 'catalogue' | 'engine' | CloneKind;
  state: CloneState;
  clone?: {
    generation: CloneGeneration;
    engine_voice: string;
    pitch: number;
    speed: number;
    measured: {
      pitch_hz: number | null;
      syllables_per_second: number | null;
      sample_seconds: number;
      samples: number;
    };
    review: { status: ReviewStatus; note: string | null; reviewed_at: string | null };
    created_at: string;
    promoted_at: string | null;
  };
}
