import { prepareRaw, type Executor } from '@/lib/adapters/db';
import { ApiError } from '@/lib/platform/errors/api-error';
import { checkWindow, narrowWindow, type HoursWindow, type Weekday } from './calling-window';
import { checkCallerId } from './caller-id';
import { classifyNumber } from './classify-number';
import { numberTimeZones } from './number-time-zones';
import { isTestNumber } from './test-number';
import type { RuleSettings } from '../../platform/config/call-rules-env';

/** What the rules read: the database, the deployment's settings and the line's caller ID. */
export interface CallRulesDeps {
  db: Executor;
  rules: RuleSettings;
  /**
   * Its `defaultFrom` is presented when a call names none (any other caller ID must be one of the
   * organization's numbers); on a carrier (`kind` twilio) real numbers need a paying organization.
   */
  provider: { defaultFrom: string; kind: 'sandbox' | 'twilio' };
}

export interface DialAttempt {
  orgId: string;
  to: string;
  /** The caller ID asked for; null: the line's own. */
  from: string | null;
  now: number;
  /** The request field the number came from, named by a refusal; default phone_number. */
  field?: string;
  /** false: calling hours are not judged (a transfer joins a call already inside them). */
  judgeHours?: boolean;
}

/** The org's rules and the number's do-not-call entry, read in one statement. */
export interface OrgView {
  /** Whether the organization ever paid a deposit (the starting credit does not count). */
  paid: boolean;
  countries: string[] | null;
  hours: HoursWindow | null;
  listed: boolean;
}

export interface OrgViewRow {
  countries: string[] | null;
  hours_start: string | null;
  hours_end: string | null;
  hours_days: Weekday[] | null;
  paid: boolean;
  listed: boolean;
}

/**
 * The org's rules, whether it ever paid, and whether the number is on a do-not-call list (its own
 * or the operators'): always one row. `org` and `number` are the statement's parameter references.
 */
export const orgViewSql = (org: string, number: string) =>
  `SELECT r.countries, r.hours_start, r.hours_end, r.hours_days,
      coalesce((SELECT o.deposits_micros > 0 FROM organizations o WHERE o.id = ${org}), false) AS paid,
      EXISTS (SELECT 1 FROM dnc_numbers d
              WHERE d.number = ${number} AND (d.org_id = ${org} OR d.org_id IS NULL)) AS listed
    FROM (SELECT 1) AS one LEFT JOIN calling_rules r ON r.org_id = ${org}`;

// Prepared under a name (each Postgres connection plans it once): it runs at every dial.
const ORG_VIEW = orgViewSql('$1', '$2');

async function readOrgView(db: Executor, orgId: string, to: string): Promise<OrgView> {
  const statement = prepareRaw<OrgViewRow>(db, 'calling_rules_org_view', ORG_VIEW, ['orgId', 'to']);
  return orgViewOf((await statement.execute({ orgId, to })).rows[0]!);
}

export function orgViewOf(row: OrgViewRow): OrgView {
  return {
    paid: row.paid,
    countries: row.countries,
    hours:
      row.hours_start && row.hours_end
        ? {
            start: row.hours_start,
            end: row.hours_end,
            ...(row.hours_days ? { days: row.hours_days } : {}),
          }
        : null,
    listed: row.listed,
  };
}

/** Whether a real call needs a paying organization: on a carrier, to any but a test number. */
export const needsDeposit = (deps: CallRulesDeps, to: string) =>
  deps.provider.kind === 'twilio' && !isTestNumber(to);

/**
 * Every rule a dial must pass, in the order a person would fix them: the caller ID (one of the
 * organization's numbers, or the line's own), the kind of
 * line, the operator's denied prefixes, the countries (the deployment's, then the org's), the
 * do-not-call lists (the org's and the operators'), and the calling hours in every time zone the
 * number may ring in. Throws the first refusal; OUTSIDE_CALLING_HOURS carries next_allowed_at.
 */
export async function checkCallRules(deps: CallRulesDeps, dial: DialAttempt): Promise<void> {
  await checkCallerId(deps, dial);
  const country = checkNumberRules(deps, dial);
  await checkOrgRules(deps, dial, country, await readOrgView(deps.db, dial.orgId, dial.to));
}

/**
 * A number the agent may transfer a call to (transfer_phone_number, transfer_list): the same
 * rules as a dial's but the caller ID and the calling hours, each refusal naming its field.
 */
export async function checkTransferNumber(
  deps: CallRulesDeps,
  dial: { orgId: string; to: string; field: string; now: number },
): Promise<void> {
  const attempt: DialAttempt = { ...dial, from: null, judgeHours: false };
  const country = checkNumberRules(deps, attempt);
  await checkOrgRules(deps, attempt, country, await readOrgView(deps.db, dial.orgId, dial.to));
}

/**
 * The rules on the number alone (after the caller ID, checkCallerId); returns its country.
 */
export function checkNumberRules(deps: CallRulesDeps, dial: DialAttempt): string {
  const number = classifyNumber(dial.to);
  if (number.refusal) {
    throw new ApiError('DESTINATION_NOT_ALLOWED', {
      message: `${dial.to} is ${number.refusal}; such numbers are never dialled.`,
      field: dial.field ?? 'phone_number',
    });
  }
  const denied = deps.rules.denyPrefixes.find((prefix) => dial.to.startsWith(prefix));
  if (denied) {
    throw new ApiError('DESTINATION_NOT_ALLOWED', {
      message: `${dial.to} starts with ${denied}, a prefix this service never dials.`,
      field: dial.field ?? 'phone_number',
    });
  }
  const country = number.country;
  if (country === null || !deps.rules.countries.includes(country)) {
    throw new ApiError('COUNTRY_NOT_ALLOWED', {
      message: `Calls to ${country ?? 'non-geographic numbers'} are not enabled on this service (enabled: ${deps.rules.countries.join(', ')}).`,
      field: dial.field ?? 'phone_number',
    });
  }
  return country;
}

/** The rules on the organization's view, after checkNumberRules gave the number's country. */
export async function checkOrgRules(
  deps: CallRulesDeps,
  dial: DialAttempt,
  country: string,
  org: OrgView,
): Promise<void> {
  if (org.countries && !org.countries.includes(country)) {
    throw new ApiError('COUNTRY_NOT_ALLOWED', {
      message: `Calls to ${country} are not enabled for this organization (its countries: ${org.countries.join(', ') || 'none'}).`,
      field: dial.field ?? 'phone_number',
    });
  }
  // The published test numbers (555-0100 to 555-0199 are fictional in North America) cost no one.
  if (!org.paid && needsDeposit(deps, dial.to)) {
    throw new ApiError('DEPOSIT_REQUIRED', {
      message:
        'This organization has only its starting credit: with a carrier, it may call only sandbox test numbers (555-0100 to 555-0199) until it pays a deposit on the billing page.',
      field: dial.field ?? 'phone_number',
    });
  }
  if (org.listed) {
    throw new ApiError('NUMBER_ON_DNC_LIST', {
      message: `${dial.to} is on a do-not-call list; it is never called.`,
      field: dial.field ?? 'phone_number',
    });
  }
  const window = deps.rules.hours ? narrowWindow(deps.rules.hours, org.hours) : org.hours;
  if (!window || dial.judgeHours === false) return;
  const zones = await numberTimeZones(dial.to);
  const verdict = checkWindow(zones, window, dial.now);
  if (verdict.inside) return;
  const next = verdict.nextAllowedAt?.toISOString() ?? null;
  throw new ApiError('OUTSIDE_CALLING_HOURS', {
    message: next
      ? `It is outside calling hours (${window.start}–${window.end} local) where ${dial.to} rings; the next allowed time is ${next}.`
      : `No time in the coming week is inside calling hours (${window.start}–${window.end} local) in all of the time zones ${dial.to} may ring in.`,
    field: dial.field ?? 'phone_number',
    nextAllowedAt: next,
  });
}
