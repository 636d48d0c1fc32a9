import { eq } from 'drizzle-orm';
import { schema, type Executor } from '@/lib/adapters/db';
import type { RuleSettings } from '../../platform/config/call-rules-env';
import { needsAllPartyConsent } from './recording-consent';

/** The service's wording, used unless the organization sets its own. */
export const DEFAULT_AI_TEXT = 'This is an automated assistant.';
export const DEFAULT_RECORDING_TEXT = 'This call is being recorded.';

/**
 * What the agent's first line opens with: the AI disclosure (on unless the organization turned
 * it off) and, on a recorded call to an all-party-consent jurisdiction, the recording notice.
 * Null: nothing to say first.
 */
export async function openingNotice(
  db: Executor,
  settings: Pick<RuleSettings, 'consentCountries'>,
  call: { orgId: string; toNumber: string; record: boolean },
): Promise<string | null> {
  const [row] = await db
    .select({
      discloseAi: schema.callingRules.discloseAi,
      aiText: schema.callingRules.aiText,
      recordingText: schema.callingRules.recordingText,
    })
    .from(schema.callingRules)
    .where(eq(schema.callingRules.orgId, call.orgId));
  const parts: string[] = [];
  if (row?.discloseAi !== false) parts.push(row?.aiText ?? DEFAULT_AI_TEXT);
  if (call.record && (await needsAllPartyConsent(call.toNumber, settings.consentCountries ?? [])))
    parts.push(row?.recordingText ?? DEFAULT_RECORDING_TEXT);
  return parts.length > 0 ? parts.join(' ') : null;
}
