import type { Db } from '../db';
import type { Clock } from '../runtime/clock';
import type { SpeechEngine } from '../speech';
import type { Store } from '../store';

/** Everything the speech surfaces talk to, passed in (no env reads in lib/tts). */
export interface SpeechDeps {
  db: Db;
  store: Store;
  clock: Clock;
  speech: SpeechEngine;
  settings: { pricePer1kMicros: number };
}
