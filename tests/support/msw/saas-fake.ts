import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export { TURNSTILE_FAIL, TURNSTILE_PASS, TURNSTILE_SPENT } from './saas-preload-constants';

export { SAAS_PRELOAD } from '../preloads';

export interface SaasCall {
  service: 'turnstile' | 'hubspot' | 'sanity';
  at: number;
  [key: string]: unknown;
}

/** The test side of saas-preload.ts: a directory the fake logs calls to and reads its mode from. */
export function saasFake() {
  const dir = mkdtempSync(join(tmpdir(), 'saas-fake-'));
  const calls = (service?: SaasCall['service']): SaasCall[] => {
    let text = '';
    try {
      text = readFileSync(join(dir, 'calls.ndjson'), 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as SaasCall)
      .filter((call) => !service || call.service === service);
  };
  return {
    dir,
    env: { SAAS_FAKE_DIR: dir },
    calls,
    /** HubSpot batch upserts that carried a contact with this email. */
    hubspotCallsFor: (email: string) =>
      calls('hubspot').filter((call) =>
        (call.inputs as { id: string }[] | undefined)?.some((input) => input.id === email),
      ),
    setMode(mode: {
      hubspot?: 'ok' | 'fail' | 'hang';
      turnstile?: 'ok' | 'unreachable' | 'hang';
      sanity?: 'ok' | 'fail' | 'hang';
    }) {
      writeFileSync(join(dir, 'mode.json'), JSON.stringify(mode));
    },
  };
}
