import { getConfig } from '../platform/config/config';
import { getDb } from '../adapters/db';
import { usdToMicros } from '../platform/money';
import { systemClock } from '../platform/runtime/clock';
import { getSpeechEngine } from '../adapters/speech-engine';
import { getStore } from '../adapters/store';
import type { SpeechDeps } from '../speech/types';

export async function getSpeechDeps(): Promise<SpeechDeps> {
  return {
    db: await getDb(),
    store: getStore(),
    clock: systemClock,
    speech: getSpeechEngine(),
    settings: { pricePer1kMicros: usdToMicros(getConfig().SPEECH_PRICE_PER_1K_CHARS_USD) },
  };
}
