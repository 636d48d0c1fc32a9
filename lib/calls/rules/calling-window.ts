import { DateTime } from 'luxon';

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

/** How far ahead a next opening is looked for: a week and a day covers any `days` set. */
const LOOKAHEAD_DAYS = 8;

export const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

function insideIn(zone: string, at: number, window: CompiledWindow): boolean {
  const local = DateTime.fromMillis(at, { zone });
  if (!window.days[local.weekday - 1]) return false;
  const minute = local.hour * 60 + local.minute + local.second / 60;
  return minute >= window.start && minute < window.end;
}

interface CompiledWindow {
  start: number;
  end: number;
  /** Monday first, as Luxon numbers weekdays 1–7. */
  days: boolean[];
}

const compile = (window: HoursWindow): CompiledWindow => ({
  start: minutesOf(window.start),
  end: minutesOf(window.end),
  days: weekdays.map((day) => !window.days || window.days.includes(day)),
});

export type WindowVerdict =
  | { inside: true }
  /** `nextAllowedAt` null: no instant in the next week is inside the window in every zone. */
  | { inside: false; nextAllowedAt: Date | null };

/**
 * Whether `now` lies inside the window in every one of `zones` (a number spanning several must be
 * callable in all of them), and if not, the first instant that is. Local times come from the IANA
 * rules, so the window keeps its wall-clock hours across daylight-saving changes.
 */
export function checkWindow(
  zones: readonly string[],
  window: HoursWindow,
  now: number,
): WindowVerdict {
  const compiled = compile(window);
  const everywhere = (at: number) => zones.every((zone) => insideIn(zone, at, compiled));
  if (everywhere(now)) return { inside: true };
  // The common window, if any, opens when the last of the zones' own windows opens: one of
  // their local start times.
  const startH = Math.floor(compiled.start / 60);
  const startM = compiled.start % 60;
  const openings: number[] = [];
  for (const zone of zones) {
    const today = DateTime.fromMillis(now, { zone }).startOf('day');
    for (let d = 0; d <= LOOKAHEAD_DAYS; d += 1) {
      const opening = today.plus({ days: d }).set({ hour: startH, minute: startM }).toMillis();
      if (opening > now) openings.push(opening);
    }
  }
  openings.sort((a, b) => a - b);
  const next = openings.find(everywhere);
  return { inside: false, nextAllowedAt: next === undefined ? null : new Date(next) };
}

/** The narrower of two windows (an organization narrows the deployment's, never widens it). */
export function narrowWindow(outer: HoursWindow, inner: HoursWindow | null): HoursWindow {
  if (!inner) return outer;
  const start = minutesOf(inner.start) > minutesOf(outer.start) ? inner.start : outer.start;
  const end = minutesOf(inner.end) < minutesOf(outer.end) ? inner.end : outer.end;
  const days =
    inner.days && outer.days
      ? inner.days.filter((d) => outer.days!.includes(d))
      : (inner.days ?? outer.days);
  return days ? { start, end, days } : { start, end };
}
