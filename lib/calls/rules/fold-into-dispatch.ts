import { checkCallerId } from './caller-id';
import { checkWindow } from './calling-window';
import {
  checkNumberRules,
  checkOrgRules,
  needsDeposit,
  orgViewOf,
  orgViewSql,
  type CallRulesDeps,
  type DialAttempt,
  type OrgViewRow,
} from './check-call-rules';
import { scheduleAtDispatch } from './decisions';
import { numberTimeZones } from './number-time-zones';
import { countRefusal } from './refusal-counts';

// A dispatch checked its rules in one statement and then held the wallet and inserted the call
// in another: two round trips, and on a busy machine each one costs more CPU (a system call to
// write, one to read, a turn of the event loop) than all the rules' arithmetic. Folded, the rules
// that need the database run inside the insert's statement, and the wallet is held only when they
// pass, so a refused call still never touches it.

/** The values of the folded CTEs' parameters, by the names FOLDED_RULES_PARAMS gives them. */
export interface FoldedRules {
  rulesNumber: string;
  rulesCountry: string;
  rulesNeedsDeposit: boolean;
}

export const FOLDED_RULES_PARAMS = ['rulesNumber', 'rulesCountry', 'rulesNeedsDeposit'] as const;

/**
 * `rules_view AS (…), rules_pass AS (…)`: the org's view (its one row, as the dial reads it) and a
 * row in `rules_pass` only when every org-level rule certainly passes: its countries, a deposit
 * when one is needed, neither do-not-call list, and no hours of its own (the deployment's window
 * was found open before). `org` and `params` are the statement's parameter references (`$1`…),
 * the latter in FOLDED_RULES_PARAMS' order.
 */
export function foldedRulesCtes(org: string, params: readonly string[]): string {
  const [number, country, deposit] = params;
  return `rules_view AS (${orgViewSql(org, number!)}),
    rules_pass AS (
      SELECT 1 FROM rules_view v
       WHERE (v.countries IS NULL OR ${country}::text = ANY (v.countries))
         AND (v.paid OR NOT ${deposit}::boolean)
         AND NOT v.listed
         AND v.hours_start IS NULL)`;
}

/**
 * Before the folded statement: the rules that need no database (their refusals thrown as ever),
 * then the deployment's window. Null when the call cannot be folded (outside the window, where it
 * is refused or deferred): scheduleAtDispatch judges it first instead.
 */
export async function foldDispatchRules(
  deps: CallRulesDeps,
  dial: DialAttempt,
): Promise<FoldedRules | null> {
  let country: string;
  try {
    await checkCallerId(deps, dial);
    country = checkNumberRules(deps, dial);
  } catch (error) {
    // Counted as scheduleAtDispatch counts the refusals it finds.
    await countRefusal(deps.db, dial.orgId, error, new Date(dial.now));
    throw error;
  }
  if (deps.rules.hours) {
    const verdict = checkWindow(await numberTimeZones(dial.to), deps.rules.hours, dial.now);
    if (!verdict.inside) return null;
  }
  return {
    rulesNumber: dial.to,
    rulesCountry: country,
    rulesNeedsDeposit: needsDeposit(deps, dial.to),
  };
}

/**
 * After a folded statement that inserted nothing: the rules judged on the view it read, as
 * scheduleAtDispatch would (the refusal thrown; outside the org's own hours with
 * `defer_to_calling_hours`, the time to queue the call until). Null: the rules pass and the call
 * is due now — the wallet refused it, or the org's own hours kept it out of the folded path.
 */
export function judgeFoldedRules(
  deps: CallRulesDeps,
  dial: DialAttempt,
  view: OrgViewRow,
  deferToCallingHours: boolean,
): Promise<Date | null> {
  const org = orgViewOf(view);
  return scheduleAtDispatch(deps, dial, deferToCallingHours, (country) =>
    checkOrgRules(deps, dial, country, org),
  );
}
