import { describe, expect, it } from 'vitest';
import {
  changeDncList,
  checkCallRules,
  checkTransferNumber,
  decideAtDial,
  foldDispatchRules,
  DEFAULT_HOURS,
  readCallingRules,
  scheduleAtDispatch,
  saveCallingRules,
  type CallRulesDeps,
  type RuleSettings,
} from '@/lib/calls/rules';
import type { Db } from '@/lib/adapters/db';
import { ApiError } from '@/lib/platform/errors/api-error';
import { createOrg } from '@/lib/composition/create-org';
import { applyLedgerEntry } from '@/lib/wallet';
import { databaseAdapters, openForSuite } from '../../support/databases';

// Noon in New York on a Wednesday: inside the default window for New York numbers.
const noon = Date.parse('2026-11-04T17:00:00Z');
const now = new Date(noon);
const settings: RuleSettings = { countries: ['US', 'CA'], denyPrefixes: [], hours: DEFAULT_HOURS };
const system = { type: 'system' as const, id: null };

describe.each(databaseAdapters)('calling rules on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));
  const deps = (kind: 'sandbox' | 'twilio'): CallRulesDeps => ({
    db,
    rules: settings,
    provider: { kind, defaultFrom: '+15005550006' },
  });
  const check = (
    kind: 'sandbox' | 'twilio',
    orgId: string,
    to: string,
    from: string | null = null,
  ) => checkCallRules(deps(kind), { orgId, to, from, now: noon });

  it('with a carrier, an organization with only its starting credit calls test numbers only, until it pays', async () => {
    const { orgId } = await createOrg(db, { name: 'New', startingCreditMicros: 1_000_000 }, now);
    const real = '+17182345678';
    await expect(check('twilio', orgId, real)).rejects.toMatchObject({
      code: 'DEPOSIT_REQUIRED',
      status: 402,
    });
    await expect(check('twilio', orgId, '+17185550199')).resolves.toBeUndefined();
    await expect(check('sandbox', orgId, real)).resolves.toBeUndefined();
    await applyLedgerEntry(db, { orgId, kind: 'deposit', amountMicros: 5_000_000, now });
    await expect(check('twilio', orgId, real)).resolves.toBeUndefined();
  });

  it("refuses another organization's caller ID and honours its own and the operators' lists", async () => {
    const { orgId } = await createOrg(db, { name: 'Lists', startingCreditMicros: 0 }, now);
    const other = await createOrg(db, { name: 'Other', startingCreditMicros: 0 }, now);
    await expect(check('sandbox', orgId, '+17185550123', '+14155550999')).rejects.toMatchObject({
      code: 'FROM_NOT_ALLOWED',
      field: 'from',
      message:
        "+14155550999 is not one of this organization's numbers (GET /v1/numbers); omit `from` to use +15005550006.",
    });
    await expect(check('sandbox', orgId, '+17185550123', '+15005550006')).resolves.toBeUndefined();

    await changeDncList(
      db,
      { kind: 'add', orgId, numbers: ['+17185550130'], source: 'api' },
      system,
      now,
    );
    await expect(check('sandbox', orgId, '+17185550130')).rejects.toMatchObject({
      code: 'NUMBER_ON_DNC_LIST',
    });
    // One organization's list is its own.
    await expect(check('sandbox', other.orgId, '+17185550130')).resolves.toBeUndefined();

    await changeDncList(
      db,
      { kind: 'add', orgId: null, numbers: ['+17185550131'], source: 'operator' },
      { type: 'admin', id: null },
      now,
    );
    for (const org of [orgId, other.orgId]) {
      await expect(check('sandbox', org, '+17185550131')).rejects.toMatchObject({
        code: 'NUMBER_ON_DNC_LIST',
      });
    }
  });

  it("applies the organization's countries and narrowed hours", async () => {
    const { orgId } = await createOrg(db, { name: 'Narrow', startingCreditMicros: 0 }, now);
    await saveCallingRules(
      db,
      settings,
      { orgId, countries: ['CA'], hours: { start: '13:00', end: '17:00' } },
      system,
      now,
    );
    await expect(check('sandbox', orgId, '+17185550123')).rejects.toMatchObject({
      code: 'COUNTRY_NOT_ALLOWED',
      status: 403,
    });
    // Noon in Toronto, before the organization's 13:00.
    await expect(check('sandbox', orgId, '+14165550123')).rejects.toMatchObject({
      code: 'OUTSIDE_CALLING_HOURS',
      nextAllowedAt: '2026-11-04T18:00:00.000Z',
    });
  });

  it('counts each refusal per organization and code, at dispatch and at the dial; a deferred call is none', async () => {
    const { orgId } = await createOrg(db, { name: 'Counted', startingCreditMicros: 0 }, now);
    const other = await createOrg(db, { name: 'Other', startingCreditMicros: 0 }, now);
    const attempt = (to: string, at = noon) => ({ orgId, to, from: null, now: at });
    await expect(
      scheduleAtDispatch(deps('sandbox'), attempt('+19005550123'), false),
    ).rejects.toMatchObject({ code: 'DESTINATION_NOT_ALLOWED' });
    await expect(
      scheduleAtDispatch(deps('sandbox'), attempt('+19005550124'), true),
    ).rejects.toMatchObject({ code: 'DESTINATION_NOT_ALLOWED' });
    await expect(
      scheduleAtDispatch(deps('sandbox'), attempt('+442071234567'), false),
    ).rejects.toMatchObject({ code: 'COUNTRY_NOT_ALLOWED' });
    await expect(scheduleAtDispatch(deps('sandbox'), attempt('+17182345678'), false)).resolves.toBe(
      null,
    );
    // 4 am in New York: deferred to 08:00 there, not refused; refused (and counted) when the
    // request did not ask to wait.
    const night = Date.parse('2026-11-04T09:00:00Z');
    const opens = new Date('2026-11-04T13:00:00Z');
    await expect(
      scheduleAtDispatch(deps('sandbox'), attempt('+17182345678', night), true),
    ).resolves.toEqual(opens);
    await expect(
      scheduleAtDispatch(deps('sandbox'), attempt('+17182345678', night), false),
    ).rejects.toMatchObject({ code: 'OUTSIDE_CALLING_HOURS' });
    const dial = (toNumber: string, at: number) =>
      decideAtDial(deps('sandbox'), { orgId, toNumber, fromNumber: '+15005550006' }, at);
    expect(await dial('+19005550125', noon)).toEqual({
      kind: 'refuse',
      errorMessage:
        'DESTINATION_NOT_ALLOWED: +19005550125 is a premium-rate number; such numbers are never dialled. This call was not placed and costs nothing.',
    });
    // At the dial, a closed window waits (never counted) and an open one dials.
    expect(await dial('+17182345678', night)).toEqual({ kind: 'wait', until: opens });
    expect(await dial('+17182345678', noon)).toEqual({ kind: 'dial' });
    const { refusals } = await readCallingRules(db, settings, orgId);
    expect(refusals).toEqual([
      { code: 'COUNTRY_NOT_ALLOWED', count: 1, last_at: now.toISOString() },
      { code: 'DESTINATION_NOT_ALLOWED', count: 3, last_at: now.toISOString() },
      { code: 'OUTSIDE_CALLING_HOURS', count: 1, last_at: new Date(night).toISOString() },
    ]);
    expect((await readCallingRules(db, settings, other.orgId)).refusals).toEqual([]);
  });

  it('a folded dispatch judges the view it was handed; a failure that is no refusal is neither counted nor a refusal', async () => {
    const { orgId } = await createOrg(db, { name: 'Folded', startingCreditMicros: 0 }, now);
    const attempt = { orgId, to: '+17182345678', from: null, now: noon };
    // The organization's rules come from the dispatch's own statement, not from a second read.
    const folded = async () => {
      throw new ApiError('NUMBER_ON_DNC_LIST', {
        message: 'Listed in the view the dispatch read.',
      });
    };
    await expect(scheduleAtDispatch(deps('sandbox'), attempt, true, folded)).rejects.toMatchObject({
      code: 'NUMBER_ON_DNC_LIST',
      message: 'Listed in the view the dispatch read.',
    });
    // Settings that cannot be read: the dial step sees the failure (and tries again later); the
    // call is not ended as refused and nothing is counted.
    const unreadable: CallRulesDeps = {
      ...deps('sandbox'),
      get rules(): RuleSettings {
        throw new Error('the calling rules could not be read');
      },
    };
    await expect(
      decideAtDial(
        unreadable,
        { orgId, toNumber: '+17182345678', fromNumber: '+15005550006' },
        noon,
      ),
    ).rejects.toThrow('the calling rules could not be read');
    expect((await readCallingRules(db, settings, orgId)).refusals).toEqual([
      { code: 'NUMBER_ON_DNC_LIST', count: 1, last_at: now.toISOString() },
    ]);
  });

  it('checks a transfer target by the same rules but the caller ID and the hours, naming its field', async () => {
    const { orgId } = await createOrg(db, { name: 'Transfers', startingCreditMicros: 0 }, now);
    await changeDncList(
      db,
      { kind: 'add', orgId, numbers: ['+17185550140'], source: 'api' },
      system,
      now,
    );
    const target = (to: string, at = noon) =>
      checkTransferNumber(deps('sandbox'), { orgId, to, field: 'transfer_phone_number', now: at });
    await expect(target('+17185550140')).rejects.toMatchObject({
      code: 'NUMBER_ON_DNC_LIST',
      field: 'transfer_phone_number',
    });
    // 4 am in New York: a transfer joins a call already inside the hours.
    await expect(
      target('+17182345678', Date.parse('2026-11-04T09:00:00Z')),
    ).resolves.toBeUndefined();
  });

  it('at the dial, refuses a call whose hours never meet in a week; with no service window, folds in no hours', async () => {
    const { orgId } = await createOrg(db, { name: 'Never', startingCreditMicros: 0 }, now);
    await saveCallingRules(
      db,
      settings,
      { orgId, hours: { start: '08:00', end: '08:30' } },
      system,
      now,
    );
    // A toll-free number rings in every US zone: half an hour at 08:00 local never meets.
    expect(
      await decideAtDial(
        deps('sandbox'),
        { orgId, toNumber: '+18005550123', fromNumber: '+15005550006' },
        noon,
      ),
    ).toEqual({
      kind: 'refuse',
      errorMessage:
        'OUTSIDE_CALLING_HOURS: No time in the coming week is inside calling hours (08:00–08:30 local) in all of the time zones +18005550123 may ring in. This call was not placed and costs nothing.',
    });
    // 4 am in New York, but the deployment sets no window: the folded rules say nothing of hours.
    const night = Date.parse('2026-11-04T09:00:00Z');
    const open: CallRulesDeps = { ...deps('sandbox'), rules: { ...settings, hours: null } };
    await expect(
      foldDispatchRules(open, { orgId, to: '+17182345678', from: null, now: night }),
    ).resolves.toMatchObject({ rulesNumber: '+17182345678', rulesCountry: 'US' });
  });
});
