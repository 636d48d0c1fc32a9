import { describe, expect, it } from 'vitest';
import {
  checkNumberRules,
  checkOrgRules,
  orgViewOf,
  type CallRulesDeps,
  type DialAttempt,
  type OrgView,
} from '@/lib/calls/rules/check-call-rules';
import type { RuleSettings } from '@/lib/calls/rules';

// What a refused dial says, word for word, and which request field it names: the API and the
// console show these to the person who has to fix the number. The rules on the number alone and
// on the organization's view need no database (the view is read beside them in one statement).

// Noon in New York on Wednesday 4 November 2026.
const noon = Date.parse('2026-11-04T17:00:00Z');
const rules: RuleSettings = { countries: ['US', 'CA'], denyPrefixes: ['+1876'], hours: null };
const deps = (kind: 'sandbox' | 'twilio' = 'sandbox', own: Partial<RuleSettings> = {}) =>
  ({
    // Neither check reads the database.
    db: undefined as never,
    rules: { ...rules, ...own },
    provider: { kind, defaultFrom: '+15005550006' },
  }) satisfies CallRulesDeps;
const dial = (to: string, field?: string): DialAttempt => ({
  orgId: 'org',
  to,
  from: null,
  now: noon,
  ...(field ? { field } : {}),
});
const open: OrgView = { paid: true, countries: null, hours: null, listed: false };

/** What `run` threw (or rejected with); a check that lets the dial through fails the test. */
async function refusalOf(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('not refused');
}

describe('the rules on the number', () => {
  it('refuse a premium-rate number by what it is, naming the field it came from', async () => {
    expect(await refusalOf(() => checkNumberRules(deps(), dial('+19005550100')))).toMatchObject({
      code: 'DESTINATION_NOT_ALLOWED',
      field: 'phone_number',
      message: '+19005550100 is a premium-rate number; such numbers are never dialled.',
    });
    expect(
      await refusalOf(() =>
        checkNumberRules(deps(), dial('+19005550100', 'transfer_phone_number')),
      ),
    ).toMatchObject({ field: 'transfer_phone_number' });
  });

  it("refuse the operator's denied prefixes", async () => {
    expect(await refusalOf(() => checkNumberRules(deps(), dial('+18762345678')))).toMatchObject({
      code: 'DESTINATION_NOT_ALLOWED',
      field: 'phone_number',
      message: '+18762345678 starts with +1876, a prefix this service never dials.',
    });
    expect(
      await refusalOf(() => checkNumberRules(deps(), dial('+18762345678', 'transfer_list'))),
    ).toMatchObject({ field: 'transfer_list' });
  });

  it('refuse a country the service does not enable, listing those it does', async () => {
    expect(await refusalOf(() => checkNumberRules(deps(), dial('+442071838750')))).toMatchObject({
      code: 'COUNTRY_NOT_ALLOWED',
      field: 'phone_number',
      message: 'Calls to GB are not enabled on this service (enabled: US, CA).',
    });
    expect(
      await refusalOf(() => checkNumberRules(deps(), dial('+442071838750', 'transfer_list'))),
    ).toMatchObject({ field: 'transfer_list' });
  });

  it('refuse a number of no country (a satellite line) as non-geographic', async () => {
    expect(await refusalOf(() => checkNumberRules(deps(), dial('+870772123456')))).toMatchObject({
      code: 'COUNTRY_NOT_ALLOWED',
      field: 'phone_number',
      message: 'Calls to non-geographic numbers are not enabled on this service (enabled: US, CA).',
    });
  });

  it('answer the country of a number they let through', () => {
    expect(checkNumberRules(deps(), dial('+14155550123'))).toBe('US');
    expect(checkNumberRules(deps(), dial('+16045550123'))).toBe('CA');
  });
});

describe("the rules on the organization's view", () => {
  const check = (view: Partial<OrgView>, to = '+17182345678', field?: string, kind?: 'twilio') =>
    refusalOf(() => checkOrgRules(deps(kind), dial(to, field), 'US', { ...open, ...view }));

  it("refuse a country outside the organization's own list, and say when it has none", async () => {
    expect(await check({ countries: ['CA'] })).toMatchObject({
      code: 'COUNTRY_NOT_ALLOWED',
      field: 'phone_number',
      message: 'Calls to US are not enabled for this organization (its countries: CA).',
    });
    expect(await check({ countries: [] }, undefined, 'transfer_list')).toMatchObject({
      field: 'transfer_list',
      message: 'Calls to US are not enabled for this organization (its countries: none).',
    });
    // Every country it has, listed.
    expect(
      await refusalOf(() =>
        checkOrgRules(deps(), dial('+525512345678'), 'MX', { ...open, countries: ['US', 'CA'] }),
      ),
    ).toMatchObject({
      message: 'Calls to MX are not enabled for this organization (its countries: US, CA).',
    });
    await expect(
      checkOrgRules(deps(), dial('+17182345678'), 'US', { ...open, countries: ['US'] }),
    ).resolves.toBeUndefined();
  });

  it('refuse a real number on a carrier until the organization pays, never a test number', async () => {
    expect(await check({ paid: false }, undefined, undefined, 'twilio')).toMatchObject({
      code: 'DEPOSIT_REQUIRED',
      field: 'phone_number',
      message:
        'This organization has only its starting credit: with a carrier, it may call only sandbox test numbers (555-0100 to 555-0199) until it pays a deposit on the billing page.',
    });
    expect(await check({ paid: false }, undefined, 'transfer_list', 'twilio')).toMatchObject({
      field: 'transfer_list',
    });
    await expect(
      checkOrgRules(deps('twilio'), dial('+17185550123'), 'US', { ...open, paid: false }),
    ).resolves.toBeUndefined();
    await expect(
      checkOrgRules(deps('sandbox'), dial('+17182345678'), 'US', { ...open, paid: false }),
    ).resolves.toBeUndefined();
  });

  it('refuse a listed number', async () => {
    expect(await check({ listed: true })).toMatchObject({
      code: 'NUMBER_ON_DNC_LIST',
      field: 'phone_number',
      message: '+17182345678 is on a do-not-call list; it is never called.',
    });
    expect(await check({ listed: true }, undefined, 'transfer_list')).toMatchObject({
      field: 'transfer_list',
    });
  });

  it('refuse outside calling hours with the next allowed time, unless hours are not judged', async () => {
    // 08:00–09:00 in New York; it is noon there.
    const hours = { start: '08:00', end: '09:00' };
    expect(await check({ hours })).toMatchObject({
      code: 'OUTSIDE_CALLING_HOURS',
      field: 'phone_number',
      nextAllowedAt: '2026-11-05T13:00:00.000Z',
      message:
        'It is outside calling hours (08:00–09:00 local) where +17182345678 rings; the next allowed time is 2026-11-05T13:00:00.000Z.',
    });
    expect(await check({ hours }, undefined, 'transfer_list')).toMatchObject({
      field: 'transfer_list',
    });
    await expect(
      checkOrgRules(deps(), { ...dial('+17182345678'), judgeHours: false }, 'US', {
        ...open,
        hours,
      }),
    ).resolves.toBeUndefined();
    await expect(
      checkOrgRules(deps(), dial('+17182345678'), 'US', {
        ...open,
        hours: { start: '11:00', end: '13:00' },
      }),
    ).resolves.toBeUndefined();
  });

  it('say so when no time in the coming week is inside the hours everywhere the number rings', async () => {
    // A toll-free number rings in every US zone; half an hour at 08:00 local never overlaps
    // between zones an hour apart.
    expect(await check({ hours: { start: '08:00', end: '08:30' } }, '+18005550123')).toMatchObject({
      code: 'OUTSIDE_CALLING_HOURS',
      field: 'phone_number',
      nextAllowedAt: null,
      message:
        'No time in the coming week is inside calling hours (08:00–08:30 local) in all of the time zones +18005550123 may ring in.',
    });
  });

  it("narrow the organization's hours to the service's", async () => {
    const service = deps('sandbox', { hours: { start: '08:00', end: '09:00' } });
    const error = await refusalOf(() =>
      checkOrgRules(service, dial('+17182345678'), 'US', {
        ...open,
        hours: { start: '08:00', end: '21:00' },
      }),
    );
    expect(error).toMatchObject({ code: 'OUTSIDE_CALLING_HOURS' });
    // The service's window alone applies when the organization has none.
    expect(
      await refusalOf(() => checkOrgRules(service, dial('+17182345678'), 'US', open)),
    ).toMatchObject({ code: 'OUTSIDE_CALLING_HOURS' });
  });
});

describe("the organization's view, read from its row", () => {
  const row = {
    countries: ['US'],
    hours_start: null,
    hours_end: null,
    hours_days: null,
    paid: true,
    listed: false,
  };

  it('has calling hours only when both ends are set, with days only when some are', () => {
    expect(orgViewOf(row)).toEqual({ paid: true, countries: ['US'], hours: null, listed: false });
    expect(orgViewOf({ ...row, hours_start: '09:00' }).hours).toBeNull();
    expect(orgViewOf({ ...row, hours_end: '17:00' }).hours).toBeNull();
    expect(orgViewOf({ ...row, hours_start: '09:00', hours_end: '17:00' }).hours).toEqual({
      start: '09:00',
      end: '17:00',
    });
    expect(
      orgViewOf({ ...row, hours_start: '09:00', hours_end: '17:00', hours_days: ['mon', 'tue'] })
        .hours,
    ).toEqual({ start: '09:00', end: '17:00', days: ['mon', 'tue'] });
    expect(orgViewOf({ ...row, paid: false, listed: true })).toMatchObject({
      paid: false,
      listed: true,
    });
  });
});
