import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ALL_PARTY_CONSENT_STATES,
  DEFAULT_AI_TEXT,
  DEFAULT_RECORDING_TEXT,
  readCallingRules,
  saveCallingRules,
  type RuleSettings,
} from '@/lib/calls/rules';
import { schema, type Db } from '@/lib/adapters/db';
import { createOrg } from '@/lib/composition/create-org';
import { databaseAdapters, openForSuite } from '../../support/databases';

// An organization's own calling rules (GET and PUT /v1/calling-rules): what it reads back, what a
// partial save keeps, what it may not widen, and the audit row each save leaves.
const now = new Date('2026-11-04T17:00:00Z');
const later = new Date('2026-11-05T09:30:00Z');
const settings: RuleSettings = {
  countries: ['US', 'CA'],
  denyPrefixes: [],
  hours: { start: '08:00', end: '21:00', days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
  consentCountries: ['DE'],
};
const admin = { type: 'user' as const, id: 'user-1' };

describe.each(databaseAdapters)("an organization's calling rules on $name", (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));
  const newOrg = async (name: string) =>
    (await createOrg(db, { name, startingCreditMicros: 0 }, now)).orgId;
  const audits = (orgId: string) =>
    db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.orgId, orgId), eq(schema.auditLog.action, 'calling_rules.update')),
      )
      .orderBy(asc(schema.auditLog.id));

  it("reads the service's rules and the defaults for an organization that never saved any", async () => {
    const orgId = await newOrg('Untouched');
    expect(await readCallingRules(db, settings, orgId)).toEqual({
      countries: null,
      hours: null,
      effective_hours: settings.hours,
      service: {
        countries: ['US', 'CA'],
        hours: settings.hours,
        all_party_consent: { us_states: [...ALL_PARTY_CONSENT_STATES], countries: ['DE'] },
      },
      disclosures: { ai: true, ai_text: DEFAULT_AI_TEXT, recording_text: DEFAULT_RECORDING_TEXT },
      refusals: [],
      updated_at: null,
    });
    // A deployment with no window and no consent countries of its own.
    const open: RuleSettings = { countries: ['US'], denyPrefixes: [], hours: null };
    const view = await readCallingRules(db, open, orgId);
    expect(view.effective_hours).toBeNull();
    expect(view.service).toEqual({
      countries: ['US'],
      hours: null,
      all_party_consent: { us_states: [...ALL_PARTY_CONSENT_STATES], countries: [] },
    });
  });

  it('saves every field, narrows the effective window, and audits the change', async () => {
    const orgId = await newOrg('Saved');
    const saved = await saveCallingRules(
      db,
      settings,
      {
        orgId,
        countries: ['CA', 'CA'],
        hours: { start: '09:30', end: '20:00', days: ['sun', 'mon', 'tue'] },
        disclosures: { ai: false, ai_text: 'A robot.', recording_text: 'Taped.' },
      },
      admin,
      now,
    );
    const expected = {
      countries: ['CA'],
      hours: { start: '09:30', end: '20:00', days: ['sun', 'mon', 'tue'] },
      // The organization's hours on the days both allow.
      effective_hours: { start: '09:30', end: '20:00', days: ['mon', 'tue'] },
      disclosures: { ai: false, ai_text: 'A robot.', recording_text: 'Taped.' },
      refusals: [],
      updated_at: now.toISOString(),
    };
    expect(saved).toMatchObject(expected);
    expect(await readCallingRules(db, settings, orgId)).toEqual(saved);
    // The deployment narrowed later (an operator's change): its edges win where they are tighter.
    const narrower: RuleSettings = {
      countries: ['US', 'CA'],
      denyPrefixes: [],
      hours: { start: '10:00', end: '19:00' },
    };
    expect((await readCallingRules(db, narrower, orgId)).effective_hours).toEqual({
      start: '10:00',
      end: '19:00',
      days: ['sun', 'mon', 'tue'],
    });
    const [audit, ...more] = await audits(orgId);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorType: 'user',
      actorId: 'user-1',
      targetType: 'organization',
      targetId: orgId,
      at: now,
      before: null,
      after: {
        countries: ['CA'],
        hours: expected.hours,
        disclosures: expected.disclosures,
      },
    });
  });

  it('keeps the fields a save leaves out, clears those sent as null, and audits before and after', async () => {
    const orgId = await newOrg('Partial');
    await saveCallingRules(
      db,
      settings,
      {
        orgId,
        countries: ['US'],
        hours: { start: '10:00', end: '18:00' },
        disclosures: { ai: false, ai_text: 'Hello, a machine.', recording_text: 'Recorded.' },
      },
      admin,
      now,
    );
    // Only the AI switch: the wording, countries and hours stay.
    const switched = await saveCallingRules(
      db,
      settings,
      { orgId, disclosures: { ai: true } },
      admin,
      later,
    );
    expect(switched).toMatchObject({
      countries: ['US'],
      hours: { start: '10:00', end: '18:00' },
      effective_hours: { start: '10:00', end: '18:00', days: settings.hours!.days },
      disclosures: { ai: true, ai_text: 'Hello, a machine.', recording_text: 'Recorded.' },
      updated_at: later.toISOString(),
    });
    // Only the recording notice: the AI switch and its wording stay.
    expect(
      (
        await saveCallingRules(
          db,
          settings,
          { orgId, disclosures: { recording_text: 'Still recorded.' } },
          admin,
          later,
        )
      ).disclosures,
    ).toEqual({ ai: true, ai_text: 'Hello, a machine.', recording_text: 'Still recorded.' });
    // Nulls go back to the service's: every country it calls, its window, its wording.
    const cleared = await saveCallingRules(
      db,
      settings,
      { orgId, countries: null, hours: null, disclosures: { ai_text: null, recording_text: null } },
      admin,
      later,
    );
    expect(cleared).toMatchObject({
      countries: null,
      hours: null,
      effective_hours: settings.hours,
      disclosures: { ai: true, ai_text: DEFAULT_AI_TEXT, recording_text: DEFAULT_RECORDING_TEXT },
    });
    const rows = await audits(orgId);
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [
        null,
        {
          countries: ['US'],
          hours: { start: '10:00', end: '18:00' },
          disclosures: { ai: false, ai_text: 'Hello, a machine.', recording_text: 'Recorded.' },
        },
      ],
      [
        {
          countries: ['US'],
          hours: { start: '10:00', end: '18:00' },
          disclosures: { ai: false, ai_text: 'Hello, a machine.', recording_text: 'Recorded.' },
        },
        {
          countries: ['US'],
          hours: { start: '10:00', end: '18:00' },
          disclosures: { ai: true, ai_text: 'Hello, a machine.', recording_text: 'Recorded.' },
        },
      ],
      [
        expect.objectContaining({ countries: ['US'] }),
        expect.objectContaining({
          disclosures: {
            ai: true,
            ai_text: 'Hello, a machine.',
            recording_text: 'Still recorded.',
          },
        }),
      ],
      [
        expect.objectContaining({ countries: ['US'] }),
        {
          countries: null,
          hours: null,
          disclosures: {
            ai: true,
            ai_text: DEFAULT_AI_TEXT,
            recording_text: DEFAULT_RECORDING_TEXT,
          },
        },
      ],
    ]);
  });

  it('an organization narrows the service and never widens it: refused saves change nothing', async () => {
    const orgId = await newOrg('Wider');
    const save = (input: Parameters<typeof saveCallingRules>[2]) =>
      saveCallingRules(db, settings, input, admin, now);
    await expect(save({ orgId, countries: ['US', 'GB'] })).rejects.toMatchObject({
      code: 'INVALID_BODY',
      field: 'countries',
      message:
        "countries: GB is not enabled on this service (enabled: US, CA); request it on the console's limits page.",
    });
    await expect(save({ orgId, countries: ['FR', 'GB'] })).rejects.toMatchObject({
      code: 'INVALID_BODY',
      field: 'countries',
      message:
        "countries: FR, GB are not enabled on this service (enabled: US, CA); request them on the console's limits page.",
    });
    const hoursRefusal = {
      code: 'INVALID_BODY',
      field: 'hours',
      message: "hours: must lie within the service's calling hours, 08:00–21:00 callee-local time.",
    };
    await expect(save({ orgId, hours: { start: '07:59', end: '12:00' } })).rejects.toMatchObject(
      hoursRefusal,
    );
    await expect(save({ orgId, hours: { start: '12:00', end: '21:01' } })).rejects.toMatchObject(
      hoursRefusal,
    );
    expect(await audits(orgId)).toEqual([]);
    expect((await readCallingRules(db, settings, orgId)).updated_at).toBeNull();
    // The service's own edges are inside it.
    expect((await save({ orgId, hours: { start: '08:00', end: '21:00' } })).hours).toEqual({
      start: '08:00',
      end: '21:00',
    });
    // A deployment with no window takes any.
    const open: RuleSettings = { countries: ['US'], denyPrefixes: [], hours: null };
    const anyHours = await saveCallingRules(
      db,
      open,
      { orgId, hours: { start: '06:00', end: '23:00' } },
      admin,
      now,
    );
    expect(anyHours).toMatchObject({
      hours: { start: '06:00', end: '23:00' },
      effective_hours: { start: '06:00', end: '23:00' },
    });
  });

  it("one organization's rules are not another's", async () => {
    const mine = await newOrg('Mine');
    const theirs = await newOrg('Theirs');
    await saveCallingRules(db, settings, { orgId: mine, countries: ['CA'] }, admin, now);
    expect((await readCallingRules(db, settings, theirs)).countries).toBeNull();
    expect(await audits(theirs)).toEqual([]);
  });
});
