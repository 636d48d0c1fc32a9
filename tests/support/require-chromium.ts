import { existsSync } from 'node:fs';
import { CHROMIUM } from './browser';

/** Browser tests fail loudly without Chromium; they are never skipped. */
export default function requireChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: apt-get install chromium (.ci/run does).`);
  }
}
