import { afterEach, expect, it, vi } from 'vitest';
import { getRuleSettings } from '@/lib/calls/rules';
import { resetSingleton } from '@/lib/platform/runtime/singleton';

// The deployment's calling rules come from its environment (README: CALL_COUNTRIES, CALL_HOURS,
// CALL_DENY_PREFIXES, CALL_ALL_PARTY_CONSENT_COUNTRIES), read once with the rest of the config.
afterEach(() => {
  vi.unstubAllEnvs();
  resetSingleton('config');
});

it("reads the deployment's calling rules from its environment", () => {
  vi.stubEnv('CALL_COUNTRIES', 'us,GB');
  vi.stubEnv('CALL_DENY_PREFIXES', '+1876,+1809');
  vi.stubEnv('CALL_HOURS', '09:00-17:30');
  vi.stubEnv('CALL_ALL_PARTY_CONSENT_COUNTRIES', 'DE');
  resetSingleton('config');
  expect(getRuleSettings()).toEqual({
    countries: ['US', 'GB'],
    denyPrefixes: ['+1876', '+1809'],
    hours: { start: '09:00', end: '17:30' },
    consentCountries: ['DE'],
  });
});

it('with hours off, places no window', () => {
  vi.stubEnv('CALL_HOURS', 'off');
  resetSingleton('config');
  expect(getRuleSettings().hours).toBeNull();
});
