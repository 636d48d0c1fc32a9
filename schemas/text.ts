import { z } from './zod';

// Postgres cannot store U+0000 in text or jsonb (even a lookup with one fails), and jsonb refuses
// an unpaired surrogate (`\ud800`), which pg would silently turn into U+FFFD in a text column.
// Every request string that can reach the database passes this one check, so such input is a
// 400 naming its field, never a failed query (a 500).
export const STORABLE = {
  message: 'must not contain the NUL character (U+0000) or an unpaired surrogate (U+D800–U+DFFF)',
};

// With the u flag a surrogate pair is one code point, so \p{Cs} matches only unpaired halves.
const UNSTORABLE = /[\u0000\p{Cs}]/u;

export const storable = (value: string) => !UNSTORABLE.test(value);

/** Every string and key, however deep, is storable. */
export const storableDeep = (value: unknown): boolean =>
  typeof value === 'string'
    ? storable(value)
    : Array.isArray(value)
      ? value.every(storableDeep)
      : typeof value === 'object' && value !== null
        ? Object.entries(value).every(([k, v]) => storable(k) && storableDeep(v))
        : true;

/** A request string that may reach the database. */
export const storedText = () => z.string().refine(storable, STORABLE);

/** A JSON object whose strings can all be stored (see `storableDeep`). */
export const storableJson = z.record(z.string(), z.unknown()).refine(storableDeep, STORABLE);
