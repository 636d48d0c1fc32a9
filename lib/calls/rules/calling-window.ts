import { IANAZone } from 'luxon';

import {
  DEFAULT_HOURS,
  weekdays,
  type HoursWindow,
  type Weekday,
} from '../../platform/config/call-rules-env';

export { DEFAULT_HOURS, weekdays, type HoursWindow, type Weekday };

/** How far ahead a next opening is looked for: a week and a day covers any `days` set. */
const LOOKAHEAD_DAYS = 8;

export const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

const MINUTE = 60_000;
const DAY_MINUTES = 1_440;

const QUARTER_HOUR = 15 * MINUTE;
/** Zone → quarter hour (since the epoch) → UTC offset in minutes. */
const offsets = new Map<string, Map<number, number>>();
const OFFSETS_LIMIT = 100_000;
let offsetsHeld = 0;

/**
 * The zone's UTC offset at `at`, in minutes, from the IANA rules (Luxon). Offsets change only on
 * a quarter hour, so one lookup serves the quarter hour: asking Intl costs microseconds, and a
 * toll-free number's window is checked in some forty zones.
 */
function offsetAt(zone: string, at: number): number {
  const quarter = Math.floor(at / QUARTER_HOUR);
  let byQuarter = offsets.get(zone);
  if (!byQuarter) {
    byQuarter = new Map();
    offsets.set(zone, byQuarter);
  }
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    offset = IANAZone.create(zone).offset(quarter * QUARTER_HOUR);
    if (offsetsHeld >= OFFSETS_LIMIT) {
      for (const held of offsets.values()) held.clear();
      offsetsHeld = 0;
    }
    byQuarter.set(quarter, offset);
    offsetsHeld += 1;
  }
  return offset;
}

function insideIn(zone: string, at: number, window: CompiledWindow): boolean {
  // Local wall-clock time as minutes since the epoch: day and weekday by arithmetic, no calendar.
  const local = at / MINUTE + offsetAt(zone, at);
  const day = Math.floor(local / DAY_MINUTES);
  // 1 January 1970 was a Thursday: day 0 is weekday index 3 (Monday 0).
  if (!window.days[(((day + 3) % 7) + 7) % 7]) return false;
  const minute = local - day * DAY_MINUTES;
  return minute >= window.start && minute < window.end;
}

interface CompiledWindow {
  start: number;
  end: number;
  /** Monday first. */
  days: boolean[];
}

// The deployment's window (and DEFAULT_HOURS) is one object for the process: compiled once.
const compiledWindows = new WeakMap<HoursWindow, CompiledWindow>();

function compile(window: HoursWindow): CompiledWindow {
  let compiled = compiledWindows.get(window);
  if (!compiled) {
    compiled = {
      start: minutesOf(window.start),
      end: minutesOf(window.end),
      days: weekdays.map((day) => !window.days || window.days.includes(day)),
    };
    compiledWindows.set(window, compiled);
  }
  return compiled;
}

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
  // Zones on the same offset now and in a day are one zone for this (the plan of a toll-free
  // number lists some forty zones, on a handful of offsets).
  zones = distinctZones(zones, now);
  const everywhere = (at: number) => zones.every((zone) => insideIn(zone, at, compiled));
  if (everywhere(now)) return { inside: true };
  // The common window, if any, opens when the last of the zones' own windows opens: one of
  // their local start times.
  const openings: number[] = [];
  for (const zone of zones) {
    const today = Math.floor((now / MINUTE + offsetAt(zone, now)) / DAY_MINUTES);
    for (let d = 0; d <= LOOKAHEAD_DAYS; d += 1) {
      // The window's start on that local day, back to UTC with the offset in force then.
      const local = (today + d) * DAY_MINUTES + compiled.start;
      const guess = (local - offsetAt(zone, (local - offsetAt(zone, now)) * MINUTE)) * MINUTE;
      const opening = (local - offsetAt(zone, guess)) * MINUTE;
      if (opening > now) openings.push(opening);
    }
  }
  openings.sort((a, b) => a - b);
  const next = openings.find(everywhere);
  return { inside: false, nextAllowedAt: next === undefined ? null : new Date(next) };
}

const LOOKAHEAD = Array.from({ length: LOOKAHEAD_DAYS + 1 }, (_, d) => d);

/**
 * The last answer per list of zones (numberTimeZones hands out one array per prefix): which zones
 * are distinct depends only on their offsets over the lookahead, which change on quarter hours.
 */
const distinctByList = new WeakMap<
  readonly string[],
  { quarter: number; zones: readonly string[] }
>();

function distinctZones(zones: readonly string[], now: number): readonly string[] {
  if (zones.length < 3) return zones;
  const quarter = Math.floor(now / QUARTER_HOUR);
  const known = distinctByList.get(zones);
  if (known?.quarter === quarter) return known.zones;
  const seen = new Map<string, string>();
  for (const zone of zones) {
    const key = LOOKAHEAD.map((d) => offsetAt(zone, now + d * DAY_MINUTES * MINUTE)).join();
    if (!seen.has(key)) seen.set(key, zone);
  }
  const distinct = [...seen.values()];
  distinctByList.set(zones, { quarter, zones: distinct });
  return distinct;
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
