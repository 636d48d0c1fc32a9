import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { LeadSubmissionRequest, UUID_V4 } from '@/schemas/leads';
import { ApiError } from '../../platform/errors/api-error';
import { checkRateLimit } from '../../adapters/store/check-rate-limit';
import { claimEvent, releaseEvent, type EventClaim } from './claim-event';
import { cleanAttribution } from './clean-attribution';
import { detectTrap } from './detect-trap';
import { hashEmail } from './hash-email';
import { EVENT_RETENTION_MS, leadKeys, leadRateLimitPolicy } from './keys';
import { newLeadWrites, PENDING_GRACE_MS } from './new-lead-writes';
import { loadLeadForm } from './load-lead-form';
import type { LeadDeps, StoredLead } from './types';
import { validateLeadValues } from './validate-lead-values';

export interface LeadRequest {
  body: unknown;
  ip: string;
  referer: string | null;
  crmutkCookie: string | null;
}

export interface LeadOutcome {
  body: Record<string, unknown>;
  headers: Record<string, string>;
  /** Set when a new submission was stored: push it to the CRM after the response. */
  storedId?: string;
}

/** POST /api/leads, in the spec's order: parse, replay, form, rate limit, bot check, validate, traps, store. */
export async function submitLead(deps: LeadDeps, request: LeadRequest): Promise<LeadOutcome> {
  const parsed = LeadSubmissionRequest.safeParse(request.body);
  if (!parsed.success) throw new ApiError('INVALID_BODY', { cause: parsed.error });
  const input = parsed.data;
  // Only a valid UUID v4 turns idempotency on; anything else is ignored, as documented.
  const eventId = input.event_id && UUID_V4.test(input.event_id) ? input.event_id : undefined;

  let claim: Extract<EventClaim, { kind: 'owner' }> | undefined;
  if (eventId) {
    const claimed = await claimEvent(deps.store, deps.clock, eventId);
    if (claimed.kind === 'replay') return { body: claimed.body, headers: {} };
    claim = claimed;
  }
  try {
    return await runSubmission(deps, request, input, eventId, claim);
  } catch (error) {
    if (claim) await releaseEvent(deps.store, claim);
    throw error;
  }
}

async function runSubmission(
  deps: LeadDeps,
  request: LeadRequest,
  input: z.infer<typeof LeadSubmissionRequest>,
  eventId: string | undefined,
  claim: { key: string; token: string } | undefined,
): Promise<LeadOutcome> {
  const { store, clock } = deps;
  const { form, settings } = await loadLeadForm(deps.cms, input.formSlug);

  const now = clock.now();
  let limit;
  try {
    limit = await checkRateLimit(
      store,
      leadRateLimitPolicy,
      `${form.slug}:${request.ip}`,
      form.rateLimitPerMinute,
      now,
      randomUUID(),
    );
  } catch (error) {
    throw new ApiError('SUBMISSION_STORE_FAILED', { cause: error });
  }
  if (!limit.allowed) throw new ApiError('RATE_LIMITED', { headers: limit.headers });

  // Missing token or unreachable provider: fail open. Only an explicit rejection stops it.
  if (form.requireBotCheck && deps.botCheck.enabled && input.botCheckToken) {
    const verdict = await deps.botCheck.verify({
      token: input.botCheckToken,
      remoteIp: request.ip === 'unknown' ? undefined : request.ip,
      idempotencyKey: eventId,
    });
    if (verdict === 'invalid') throw new ApiError('BOTCHECK_INVALID');
  }

  const fields = form.fields.filter((f) => f.name !== form.honeypotField);
  const values = validateLeadValues(fields, input.values);
  const base = {
    ok: true as const,
    postSubmit: form.postSubmit,
    ...(form.gtmEventName ? { gtmEventName: form.gtmEventName } : {}),
  };

  const emails = form.fields
    .filter((f) => f.type === 'email')
    .map((f) => values[f.name])
    .filter((v): v is string => typeof v === 'string');
  const emailHashes = emails.map((email) => hashEmail(email, deps.privacyHashKey));
  const deletion = await Promise.all(
    emailHashes.map((hash) => store.get(leadKeys.deletion(hash))),
  ).catch((error: unknown) => {
    throw new ApiError('SUBMISSION_STORE_FAILED', { cause: error });
  });
  if (deletion.some((v) => v !== null)) {
    return finishWithoutStoring(deps, claim, { ok: true }, limit.headers);
  }
  if (detectTrap(form, settings, input.values, values, now)) {
    return finishWithoutStoring(deps, claim, { ...base, submissionId: null }, limit.headers);
  }

  const id = randomUUID();
  const body = { ...base, submissionId: id };
  const lead: StoredLead = {
    id,
    formSlug: form.slug,
    values,
    email: emails[0] ?? null,
    attribution: cleanAttribution(input.attribution, {
      referer: request.referer,
      crmutkCookie: request.crmutkCookie,
    }),
    eventId: eventId ?? null,
    ip: request.ip,
    createdAt: new Date(now).toISOString(),
    ...(form.crm ? { crm: form.crm } : {}),
    ...(form.destinations.length > 0 ? { destinations: form.destinations } : {}),
  };
  const writes = newLeadWrites(lead, now + PENDING_GRACE_MS, emailHashes);
  // One atomic step: the submission, its sync state, the indexes and (with an event_id) the
  // envelope replacing our claim. Either all of it is stored or none.
  try {
    if (claim) {
      const result = await store.replaceIf(claim.key, claim.token, JSON.stringify(body), {
        ttlMs: EVENT_RETENTION_MS,
        also: [
          { type: 'set', key: leadKeys.submission(id), value: JSON.stringify(lead) },
          ...writes,
        ],
      });
      if (!result.replaced) return replayOrFail(result.value);
    } else {
      await store.setIfAbsent(leadKeys.submission(id), JSON.stringify(lead), { also: writes });
    }
  } catch (error) {
    throw new ApiError('SUBMISSION_STORE_FAILED', { cause: error });
  }
  return { body, headers: limit.headers, storedId: id };
}

/** Our claim expired while we worked and a twin finished first: answer with its envelope. */
function replayOrFail(value: string | null): LeadOutcome {
  if (value && !value.startsWith('pending:')) {
    return { body: JSON.parse(value) as Record<string, unknown>, headers: {} };
  }
  throw new ApiError('SUBMISSION_STORE_FAILED', { message: 'The submission took too long.' });
}

async function finishWithoutStoring(
  deps: LeadDeps,
  claim: { key: string; token: string } | undefined,
  body: Record<string, unknown>,
  headers: Record<string, string>,
): Promise<LeadOutcome> {
  if (claim) {
    // Best effort: if the record cannot be written the caller still gets its answer.
    await deps.store
      .replaceIf(claim.key, claim.token, JSON.stringify(body), { ttlMs: EVENT_RETENTION_MS })
      .catch(() => undefined);
  }
  return { body, headers };
}
