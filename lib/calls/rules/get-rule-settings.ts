import { getConfig } from '@/lib/platform/config/config';
import type { RuleSettings } from '../../platform/config/call-rules-env';

/** The deployment's calling rules, from validated config. */
export function getRuleSettings(): RuleSettings {
  const config = getConfig();
  return {
    countries: config.CALL_COUNTRIES,
    denyPrefixes: config.CALL_DENY_PREFIXES,
    hours: config.CALL_HOURS,
    consentCountries: config.CALL_ALL_PARTY_CONSENT_COUNTRIES,
  };
}
