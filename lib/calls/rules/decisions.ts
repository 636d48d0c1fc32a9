import { ApiError } from '@/lib/platform/errors/api-error';
import {
  checkCallRules,
  checkNumberRules,
  type CallRulesDeps,
  type DialAttempt,
} from './check-call-rules';
import { countRefusal } from './refusal-counts';

/**
 * The rules at a single call's dispatch: a refusal is the request's answer; outside calling hours
 * with `defer_to_calling_hours`, the call is queued until the window opens (returned), else null:
 * due now.
 */
export async function scheduleAtDispatch(
  deps: CallRulesDeps,
  attempt: DialAttempt,
  deferToCallingHours: boolean,
  /** The org-level rules on a view already read (a folded dispatch); absent: read it now. */
  orgRules?: (country: string) => Promise<void>,
): Promise<Date | null> {
  try {
    if (orgRules) await orgRules(checkNumberRules(deps, attempt));
    else await checkCallRules(deps, attempt);
    return null;
  } catch (error) {
    const opens =
      error instanceof ApiError && error.code === 'OUTSIDE_CALLING_HOURS' && error.nextAllowedAt;
    if (deferToCallingHours && opens) return new Date(opens);
    await countRefusal(deps.db, attempt.orgId, error, new Date(attempt.now));
    throw error;
  }
}

/** What the dial step does with a queued call, by the rules. */
export type DialDecision =
  | { kind: 'dial' }
  /** Outside calling hours: stays queued until the window opens (never dialled early). */
  | { kind: 'wait'; until: Date }
  /** Refused: ends unplaced with this error (a batch's call_error), costing nothing. */
  | { kind: 'refuse'; errorMessage: string };

/**
 * The rules at a call's own dial: single calls (again: a listed number or a closed window since
 * dispatch), each batch call, retries and deferred calls all come through here. A refusal's
 * message starts with its code, as the batch's errors list shows it.
 */
export async function decideAtDial(
  deps: CallRulesDeps,
  call: { orgId: string; toNumber: string; fromNumber: string },
  now: number,
): Promise<DialDecision> {
  try {
    await checkCallRules(deps, {
      orgId: call.orgId,
      to: call.toNumber,
      from: call.fromNumber,
      now,
    });
    return { kind: 'dial' };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'OUTSIDE_CALLING_HOURS' && error.nextAllowedAt)
      return { kind: 'wait', until: new Date(error.nextAllowedAt) };
    await countRefusal(deps.db, call.orgId, error, new Date(now));
    return {
      kind: 'refuse',
      errorMessage: `${error.code}: ${error.message} This call was not placed and costs nothing.`,
    };
  }
}
