import type { Ports } from '../adapters/ports';

/** Everything the speech surfaces talk to, passed in (no env reads in lib/speech). */
export interface SpeechDeps extends Pick<Ports, 'db' | 'store' | 'clock' | 'speech'> {
  settings: { pricePer1kMicros: number };
}
