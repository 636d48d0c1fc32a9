import { getDb } from '../db';
import { getSpeechEngine } from '../speech';
import type { VoiceDeps } from './types';

/** The process's database and speech engine. */
export async function getVoiceDeps(): Promise<VoiceDeps> {
  return { db: await getDb(), speech: getSpeechEngine() };
}
