import { eq } from 'drizzle-orm';
import type { CallingRulesRequest } from '@/schemas/calling-rules';
import { recordAudit, type AuditActor } from '../../accounts';
import { schema, type Db, type Executor } from '@/lib/adapters/db';
import { ApiError } from '@/lib/platform/errors/api-error';
import { minutesOf, narrowWindow, type HoursWindow, type Weekday } from './calling-window';
import type { RuleSettings } from '../../platform/config/call-rules-env';
import { DEFAULT_AI_TEXT, DEFAULT_RECORDING_TEXT } from './opening-notice';
import { ALL_PARTY_CONSENT_STATES } from './recording-consent';
import { readRefusalCounts, type RefusalCount } from './refusal-counts';

export interface CallingRulesView {
  countries: string[] | null;
  hours: HoursWindow | null;
  effective_hours: HoursWindow | null;
  service: {
    countries: string[];
    hours: HoursWindow | null;
    all_party_consent: { us_states: string[]; countries: string[] };
  };
  disclosures: { ai: boolean; ai_text: string; recording_text: string };
  /** How often the rules refused the organization's calls, by code. */
  refusals: RefusalCount[];
  updated_at: string | null;
}

type RulesRow = typeof schema.callingRules.$inferSelect;

const hoursOf = (row: RulesRow | undefined): HoursWindow | null =>
  row?.hoursStart && row.hoursEnd
    ? {
        start: row.hoursStart,
        end: row.hoursEnd,
        ...(row.hoursDays ? { days: row.hoursDays as Weekday[] } : {}),
      }
    : null;

async function readRow(db: Executor, orgId: string): Promise<RulesRow | undefined> {
  const [row] = await db
    .select()
    .from(schema.callingRules)
    .where(eq(schema.callingRules.orgId, orgId));
  return row;
}

const disclosuresOf = (row: RulesRow | undefined): CallingRulesView['disclosures'] => ({
  ai: row?.discloseAi !== false,
  ai_text: row?.aiText ?? DEFAULT_AI_TEXT,
  recording_text: row?.recordingText ?? DEFAULT_RECORDING_TEXT,
});

function view(
  settings: RuleSettings,
  row: RulesRow | undefined,
  refusals: RefusalCount[],
): CallingRulesView {
  const hours = hoursOf(row);
  return {
    countries: row?.countries ?? null,
    hours,
    effective_hours: settings.hours ? narrowWindow(settings.hours, hours) : hours,
    service: {
      countries: [...settings.countries],
      hours: settings.hours,
      all_party_consent: {
        us_states: [...ALL_PARTY_CONSENT_STATES],
        countries: [...(settings.consentCountries ?? [])],
      },
    },
    disclosures: disclosuresOf(row),
    refusals,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** GET /v1/calling-rules. */
export async function readCallingRules(
  db: Executor,
  settings: RuleSettings,
  orgId: string,
): Promise<CallingRulesView> {
  const [row, refusals] = await Promise.all([readRow(db, orgId), readRefusalCounts(db, orgId)]);
  return view(settings, row, refusals);
}

/** An organization narrows the service's rules; it never widens them (400 naming the field). */
function assertNarrows(settings: RuleSettings, input: CallingRulesRequest): void {
  const beyond = (input.countries ?? []).filter((c) => !settings.countries.includes(c));
  if (beyond.length > 0) {
    throw new ApiError('INVALID_BODY', {
      message: `countries: ${beyond.join(', ')} ${beyond.length === 1 ? 'is' : 'are'} not enabled on this service (enabled: ${settings.countries.join(', ')}); request ${beyond.length === 1 ? 'it' : 'them'} on the console's limits page.`,
      field: 'countries',
    });
  }
  const outer = settings.hours;
  const hours = input.hours;
  if (outer && hours) {
    if (
      minutesOf(hours.start) < minutesOf(outer.start) ||
      minutesOf(hours.end) > minutesOf(outer.end)
    ) {
      throw new ApiError('INVALID_BODY', {
        message: `hours: must lie within the service's calling hours, ${outer.start}–${outer.end} callee-local time.`,
        field: 'hours',
      });
    }
  }
}

/** PUT /v1/calling-rules: saves the fields sent (audited, before and after); owners and admins. */
export async function saveCallingRules(
  db: Db,
  settings: RuleSettings,
  input: CallingRulesRequest & { orgId: string },
  actor: AuditActor,
  now: Date,
): Promise<CallingRulesView> {
  assertNarrows(settings, input);
  return db.transaction(async (tx) => {
    const before = await readRow(tx, input.orgId);
    const hours = input.hours === undefined ? hoursOf(before) : input.hours;
    const disclosures = input.disclosures;
    const values = {
      orgId: input.orgId,
      countries:
        input.countries === undefined
          ? (before?.countries ?? null)
          : input.countries && [...new Set(input.countries)],
      hoursStart: hours?.start ?? null,
      hoursEnd: hours?.end ?? null,
      hoursDays: hours?.days ? [...hours.days] : null,
      discloseAi: disclosures?.ai === undefined ? (before?.discloseAi ?? null) : disclosures.ai,
      aiText: disclosures?.ai_text === undefined ? (before?.aiText ?? null) : disclosures.ai_text,
      recordingText:
        disclosures?.recording_text === undefined
          ? (before?.recordingText ?? null)
          : disclosures.recording_text,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(schema.callingRules)
      .values(values)
      .onConflictDoUpdate({ target: schema.callingRules.orgId, set: values })
      .returning();
    const after = view(settings, row, await readRefusalCounts(tx, input.orgId));
    await recordAudit(
      tx,
      {
        orgId: input.orgId,
        actor,
        action: 'calling_rules.update',
        target: { type: 'organization', id: input.orgId },
        before: before
          ? {
              countries: before.countries,
              hours: hoursOf(before),
              disclosures: disclosuresOf(before),
            }
          : null,
        after: { countries: after.countries, hours: after.hours, disclosures: after.disclosures },
      },
      now,
    );
    return after;
  });
}
