// The calling rules' environment (lib/calls/rules reads the settings through getConfig).
import { isSupportedCountry } from 'libphonenumber-js';
import { z } from 'zod';

/** "HH:MM" on a 24-hour clock; "24:00" names the end of the day. */
export const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

/** A daily window in the callee's own time: [start, end), on `days` (every day when absent). */
export interface HoursWindow {
  /** "HH:MM", 24-hour. */
  start: string;
  /** "HH:MM", 24-hour, after `start`; "24:00" is the end of the day. */
  end: string;
  days?: readonly Weekday[];
}

/** The federal (TCPA) window: 8 am to 9 pm at the called party's location. */
export const DEFAULT_HOURS: HoursWindow = { start: '08:00', end: '21:00' };

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The calling rules' variables (config.ts spreads them into the one environment schema). */
export const callRulesEnvShape = {
  // Countries calls may reach (ISO 3166-1 alpha-2, comma-separated); organizations narrow it.
  CALL_COUNTRIES: z
    .string()
    .optional()
    .transform((v) => list(v ?? 'US,CA').map((c) => c.toUpperCase()))
    .superRefine((codes, ctx) => {
      const bad = codes.filter((c) => !isSupportedCountry(c));
      if (bad.length > 0 || codes.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be ISO country codes, comma-separated (not: ${bad.join(', ') || 'empty'})`,
        });
      }
    }),
  // Number prefixes never dialled, whatever else allows them (+E.164 digits, comma-separated).
  CALL_DENY_PREFIXES: z
    .string()
    .optional()
    .transform(list)
    .superRefine((prefixes, ctx) => {
      const bad = prefixes.filter((p) => !/^\+\d{1,14}$/.test(p));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be prefixes such as +1900, comma-separated (not: ${bad.join(', ')})`,
        });
      }
    }),
  // Countries whose law asks every party's consent to a recording (ISO, comma-separated): a
  // recorded call to them opens with the recording notice, as one to the US states that do.
  CALL_ALL_PARTY_CONSENT_COUNTRIES: z
    .string()
    .optional()
    .transform((v) => list(v).map((c) => c.toUpperCase()))
    .superRefine((codes, ctx) => {
      const bad = codes.filter((c) => !isSupportedCountry(c));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be ISO country codes, comma-separated (not: ${bad.join(', ')})`,
        });
      }
    }),
  // The callee-local window calls are placed in, "HH:MM-HH:MM"; "off" only for test deployments.
  CALL_HOURS: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): HoursWindow | null => {
      if (v === undefined || v === '') return DEFAULT_HOURS;
      if (v === 'off') return null;
      const [start, end] = v.split('-');
      if (!HHMM.test(start ?? '') || !HHMM.test(end ?? '') || start! >= end!) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be "HH:MM-HH:MM" (start before end) or off',
        });
        return z.NEVER;
      }
      return { start: start!, end: end! };
    }),
};

/** The deployment's rules, read once from the environment. */
export interface RuleSettings {
  countries: readonly string[];
  denyPrefixes: readonly string[];
  /** null: the deployment places no hours window (organizations may still set one). */
  hours: HoursWindow | null;
  /** Countries where a recorded call opens with the recording notice (beside the US states). */
  consentCountries?: readonly string[];
}
