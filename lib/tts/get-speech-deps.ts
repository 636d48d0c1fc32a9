import { getConfig } from '../config';
import { getDb } from '../db';
import { usdToMicros } from '../orgs/money';
import { systemClock } from '../runtime/clock';
import { getSpeechEngine } from '../speech';
import { getStore } from '../store';
import type { SpeechDeps } from './types';

export async function getSpeechDeps(): Promise<SpeechDeps> {
  return {
    db: await getDb(),
    store: getStore(),
    clock: systemClock,
    speech: getSpeechEngine(),
    settings: { pricePer1kMicros: usdToMicros(getConfig().SPEECH_PRICE_PER_1K_CHARS_USD) },
  };
}
