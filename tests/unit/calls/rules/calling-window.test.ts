import { describe, expect, it } from 'vitest';
import { checkWindow, narrowWindow, DEFAULT_HOURS } from '@/lib/calls/rules';

const at = (iso: string) => Date.parse(iso);
const NY = ['America/New_York'];

describe('checkWindow (08:00–21:00 callee-local)', () => {
  it('is inside at 08:00 and outside at 21:00 local, in winter (EST, UTC-5)', () => {
    expect(checkWindow(NY, DEFAULT_HOURS, at('2026-01-15T13:00:00Z'))).toEqual({ inside: true });
    expect(checkWindow(NY, DEFAULT_HOURS, at('2026-01-15T12:59:59Z')).inside).toBe(false);
    expect(checkWindow(NY, DEFAULT_HOURS, at('2026-01-16T01:59:00Z')).inside).toBe(true);
    expect(checkWindow(NY, DEFAULT_HOURS, at('2026-01-16T02:00:00Z')).inside).toBe(false);
  });

  it('keeps wall-clock hours in summer (EDT, UTC-4)', () => {
    expect(checkWindow(NY, DEFAULT_HOURS, at('2026-07-15T12:00:00Z'))).toEqual({ inside: true });
    expect(checkWindow(NY, DEFAULT_HOURS, at('2026-07-15T11:59:00Z')).inside).toBe(false);
  });

  it('opens at 08:00 local on the morning clocks spring forward', () => {
    // Sunday 8 March 2026, 02:00 EST → 03:00 EDT: 08:00 that morning is 12:00 UTC, not 13:00.
    const night = checkWindow(NY, DEFAULT_HOURS, at('2026-03-08T06:00:00Z'));
    expect(night).toEqual({ inside: false, nextAllowedAt: new Date('2026-03-08T12:00:00Z') });
    expect(checkWindow(NY, DEFAULT_HOURS, at('2026-03-08T12:00:00Z')).inside).toBe(true);
  });

  it('opens at 08:00 local on the morning clocks fall back', () => {
    // Sunday 1 November 2026, 02:00 EDT → 01:00 EST: 08:00 that morning is 13:00 UTC.
    const night = checkWindow(NY, DEFAULT_HOURS, at('2026-11-01T07:30:00Z'));
    expect(night).toEqual({ inside: false, nextAllowedAt: new Date('2026-11-01T13:00:00Z') });
    expect(checkWindow(NY, DEFAULT_HOURS, at('2026-11-01T12:30:00Z')).inside).toBe(false);
  });

  it('after 21:00 the next opening is 08:00 the next day', () => {
    expect(checkWindow(NY, DEFAULT_HOURS, at('2026-01-16T03:00:00Z'))).toEqual({
      inside: false,
      nextAllowedAt: new Date('2026-01-16T13:00:00Z'),
    });
  });

  it('a number spanning zones must be inside the window in all of them', () => {
    const both = ['America/New_York', 'America/Los_Angeles'];
    // 09:00 in New York is 06:00 in Los Angeles: not yet.
    const verdict = checkWindow(both, DEFAULT_HOURS, at('2026-01-15T14:00:00Z'));
    // It opens when Los Angeles reaches 08:00 (16:00 UTC).
    expect(verdict).toEqual({ inside: false, nextAllowedAt: new Date('2026-01-15T16:00:00Z') });
    // And closes when New York reaches 21:00 (02:00 UTC).
    expect(checkWindow(both, DEFAULT_HOURS, at('2026-01-16T01:59:00Z')).inside).toBe(true);
    expect(checkWindow(both, DEFAULT_HOURS, at('2026-01-16T02:00:00Z')).inside).toBe(false);
  });

  it('zones with no common hour have no next opening', () => {
    // 09:00–12:00 in Tokyo is 00:00–03:00 UTC; in London 09:00–12:00 UTC: never both.
    const apart = ['Asia/Tokyo', 'Europe/London'];
    const morning = { start: '09:00', end: '12:00' };
    expect(checkWindow(apart, morning, at('2026-01-15T12:00:00Z'))).toEqual({
      inside: false,
      nextAllowedAt: null,
    });
  });

  it('every zone of the North American plan shares the default window (toll-free)', () => {
    // From Guam (UTC+10) to St John's (UTC-3:30): 8 am to 9 pm still overlaps everywhere.
    const plan = ['Pacific/Guam', 'Pacific/Honolulu', 'America/St_Johns', 'America/Adak'];
    // At noon UTC it is 22:00 in Guam and 02:00 in Honolulu. Guam's 08:00 (22:00 UTC) is the
    // first instant inside everywhere: Honolulu 12:00, St John's 18:30, Adak 12:00.
    expect(checkWindow(plan, DEFAULT_HOURS, at('2026-01-15T12:00:00Z'))).toEqual({
      inside: false,
      nextAllowedAt: new Date('2026-01-15T22:00:00Z'),
    });
  });

  it('tells apart zones on one offset today that part when the clocks change this week', () => {
    // Thursday 5 March 2026: Denver, Boise and Phoenix are all on UTC-7; from Sunday 8 March
    // Denver and Boise are on UTC-6 and Phoenix stays. Mondays only: Monday 9 March at 08:00 in
    // Phoenix (15:00 UTC), when Denver and Boise are already at 09:00.
    const mountain = ['America/Denver', 'America/Phoenix', 'America/Boise'];
    const mondays = { start: '08:00', end: '21:00', days: ['mon'] as const };
    expect(checkWindow(mountain, mondays, at('2026-03-05T18:00:00Z'))).toEqual({
      inside: false,
      nextAllowedAt: new Date('2026-03-09T15:00:00Z'),
    });
  });

  it('keeps the minutes of a window that starts or ends off the hour', () => {
    const halfPast = { start: '09:30', end: '17:45' };
    expect(checkWindow(NY, halfPast, at('2026-01-15T14:00:00Z'))).toEqual({
      inside: false,
      nextAllowedAt: new Date('2026-01-15T14:30:00Z'),
    });
    expect(checkWindow(NY, halfPast, at('2026-01-15T14:30:00Z')).inside).toBe(true);
    expect(checkWindow(NY, halfPast, at('2026-01-15T22:44:00Z')).inside).toBe(true);
    expect(checkWindow(NY, halfPast, at('2026-01-15T22:45:00Z')).inside).toBe(false);
  });

  it('honours the days of a window: a Saturday waits for Monday', () => {
    const weekdaysOnly = {
      start: '09:00',
      end: '17:00',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'] as const,
    };
    // Saturday 17 January 2026, noon in New York.
    expect(checkWindow(NY, weekdaysOnly, at('2026-01-17T17:00:00Z'))).toEqual({
      inside: false,
      nextAllowedAt: new Date('2026-01-19T14:00:00Z'),
    });
  });
});

// Cases a seeded search over zones and windows around 2026's clock changes found, where a wrong
// step in finding the next opening gives a later one, or none (each fails a mutant of it).
describe('checkWindow: the next opening in awkward places', () => {
  const next = (zones: string[], window: { start: string; end: string }, at: string) => {
    const verdict = checkWindow(zones, window, Date.parse(at));
    return verdict.inside ? 'inside' : (verdict.nextAllowedAt?.toISOString() ?? null);
  };

  it('on the day the US clocks spring forward, across Mountain and Hawaii time', () => {
    // 19:00–24:00 in Denver (now MDT) and Honolulu: both are open from 19:00 in Honolulu, 23:00 in Denver.
    expect(
      next(
        ['America/Denver', 'Pacific/Honolulu'],
        { start: '19:00', end: '24:00' },
        '2026-03-08T21:41:09Z',
      ),
    ).toBe('2026-03-09T05:00:00.000Z');
  });

  it('the night before Lord Howe Island turns its clocks back half an hour', () => {
    expect(
      next(
        ['Australia/Lord_Howe', 'Pacific/Honolulu'],
        { start: '01:15', end: '04:30' },
        '2026-04-04T04:51:24Z',
      ),
    ).toBe('2026-04-04T14:15:00.000Z');
  });

  it("the earliest of three zones' openings that all share, not the first zone's", () => {
    // Kolkata opens at 00:30 UTC while Halifax and Anchorage are still open: earlier than the
    // openings of the zones listed first.
    expect(
      next(
        ['America/Anchorage', 'America/Halifax', 'Asia/Kolkata'],
        { start: '06:00', end: '21:00' },
        '2026-03-07T21:31:12Z',
      ),
    ).toBe('2026-03-08T00:30:00.000Z');
  });
});

describe('narrowWindow', () => {
  it('keeps the later start, the earlier end and the common days', () => {
    expect(
      narrowWindow(DEFAULT_HOURS, { start: '07:00', end: '18:00', days: ['mon', 'sat'] }),
    ).toEqual({ start: '08:00', end: '18:00', days: ['mon', 'sat'] });
    expect(narrowWindow(DEFAULT_HOURS, null)).toEqual(DEFAULT_HOURS);
  });

  it('never widens: a later start and an earlier end of its own are kept, wider ones are not', () => {
    expect(narrowWindow(DEFAULT_HOURS, { start: '09:30', end: '22:00' })).toEqual({
      start: '09:30',
      end: '21:00',
    });
    expect(narrowWindow(DEFAULT_HOURS, { start: '06:00', end: '20:15' })).toEqual({
      start: '08:00',
      end: '20:15',
    });
  });

  it("keeps the service's days when the organization names none, and only common ones", () => {
    const weekdays = { start: '08:00', end: '21:00', days: ['mon', 'tue', 'wed'] as const };
    expect(
      narrowWindow({ ...weekdays, days: [...weekdays.days] }, { start: '08:00', end: '21:00' }),
    ).toEqual({
      start: '08:00',
      end: '21:00',
      days: ['mon', 'tue', 'wed'],
    });
    expect(
      narrowWindow(
        { ...weekdays, days: [...weekdays.days] },
        { start: '08:00', end: '21:00', days: ['tue', 'sat'] },
      ),
    ).toEqual({ start: '08:00', end: '21:00', days: ['tue'] });
  });
});
