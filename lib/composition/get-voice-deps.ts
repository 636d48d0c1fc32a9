import { getDb } from '../adapters/db';
import { getSpeechEngine } from '../adapters/speech-engine';
import type { VoiceDeps } from '../speech/voices/types';

/** The process's database and speech engine. */
export async function getVoiceDeps(): Promise<VoiceDeps> {
  return { db: await getDb(), speech: getSpeechEngine() };
}
