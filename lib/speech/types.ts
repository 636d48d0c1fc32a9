import type { Db } from '../adapters/db';
import type { Clock } from '../platform/runtime/clock';
import type { SpeechEngine } from '../adapters/speech-engine';
import type { Store } from '../adapters/store';

/** Everything the speech surfaces talk to, passed in (no env reads in lib/speech). */
export interface SpeechDeps {
  db: Db;
  store: Store;
  clock: Clock;
  speech: SpeechEngine;
  settings: { pricePer1kMicros: number };
}
