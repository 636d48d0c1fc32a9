import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import stringify from 'safe-stable-stringify';
import { CallDispatchRequest, type CallDispatchInput } from '@/schemas/calls';
import { isUniqueViolation, schema } from '../db';
import { ApiError } from '../http/api-error';
import { asApiError } from '../http/dependency-errors';
import { parseBody } from '../http/parse-body';
import { claimKey, releaseClaim } from '../idempotency/claim-key';
import { getOrgOrThrow } from '../orgs/get-org';
import { resolveVoice } from '../voices/resolve-voice';
import { checkWebhookUrl } from '../webhooks/check-webhook-url';
import { insertCall } from './create-call-row';
import type { CallDeps } from './types';

export interface DispatchResponse {
  status: 'success';
  message: string;
  call_id: string;
  batch_id: null;
}

export interface DispatchResult {
  body: DispatchResponse;
  replayed: boolean;
}

const CLAIM_TTL_MS = 15_000;
const REPLAY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

const responseFor = (callId: string): DispatchResponse => ({
  status: 'success',
  message: 'Call successfully queued.',
  call_id: callId,
  batch_id: null,
});

/**
 * Parses a dispatch body and checks its webhook target (400 naming the field) and its voice: an
 * unknown voice (another org's clone included) is 404 VOICE_NOT_FOUND, a draft clone 409
 * VOICE_NOT_LIVE, both naming `voice`.
 */
export async function parseDispatch(
  deps: CallDeps,
  body: unknown,
  orgId: string,
): Promise<CallDispatchInput> {
  const request = parseBody(CallDispatchRequest, body);
  if (request.voice) await resolveVoice(deps, orgId, request.voice);
  if (request.webhook) {
    const verdict = await checkWebhookUrl(request.webhook, deps.settings.allowIps);
    if (!verdict.ok) {
      throw new ApiError('INVALID_BODY', {
        message: `webhook: ${verdict.reason}`,
        field: 'webhook',
      });
    }
  }
  return request;
}

/** `balanceMicros` as authentication read it, or undefined to read it now. */
async function assertFunded(deps: CallDeps, orgId: string, balanceMicros: number | undefined) {
  const balance = balanceMicros ?? (await getOrgOrThrow(deps.db, orgId)).balanceMicros;
  if (balance <= 0) throw new ApiError('INSUFFICIENT_BALANCE');
}

/**
 * POST /v1/calls. With an Idempotency-Key, twins are serialised by the shared store claim and
 * the key is also unique per org in the database, so a replay finds the first call even after
 * the store forgot it; the same key with another body is refused.
 */
export async function dispatchCall(
  deps: CallDeps,
  input: {
    orgId: string;
    body: unknown;
    idempotencyKey: string | null;
    origin: string;
    /** The wallet as authentication read it (spares a query); omitted → read here. */
    balanceMicros?: number;
  },
): Promise<DispatchResult> {
  const request = await parseDispatch(deps, input.body, input.orgId);
  const now = () => new Date(deps.clock.now());
  if (input.idempotencyKey === null) {
    await assertFunded(deps, input.orgId, input.balanceMicros);
    const callId = await insertCall(
      deps.db,
      deps.provider,
      { orgId: input.orgId, request, apiOrigin: input.origin },
      now(),
    );
    return { body: responseFor(callId), replayed: false };
  }

  const key = input.idempotencyKey;
  if (!KEY_PATTERN.test(key)) {
    throw new ApiError('INVALID_BODY', {
      message: 'Idempotency-Key must be 1–255 printable ASCII characters.',
      field: 'Idempotency-Key',
    });
  }
  const requestHash = createHash('sha256')
    .update(stringify(input.body) ?? '')
    .digest('hex');
  const keyHash = createHash('sha256').update(key).digest('hex');
  const claim = await claimKey(deps.store, deps.clock, `idem:calls:${input.orgId}:${keyHash}`, {
    ttlMs: CLAIM_TTL_MS,
    failure: (reason, cause) =>
      reason === 'busy'
        ? new ApiError('IDEMPOTENCY_KEY_IN_USE')
        : asApiError(cause, (error) => new ApiError('INTERNAL_ERROR', { cause: error })),
  });
  if (claim.kind === 'replay') {
    const stored = JSON.parse(claim.value) as { hash: string; body: DispatchResponse };
    if (stored.hash !== requestHash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    return { body: stored.body, replayed: true };
  }
  try {
    const result = await createOnce(deps, input, request, key, requestHash);
    await deps.store.replaceIf(
      claim.key,
      claim.token,
      JSON.stringify({ hash: requestHash, body: result.body }),
      { ttlMs: REPLAY_TTL_MS },
    );
    return result;
  } catch (error) {
    await releaseClaim(deps.store, claim);
    throw error;
  }
}

async function createOnce(
  deps: CallDeps,
  input: { orgId: string; origin: string; balanceMicros?: number },
  request: CallDispatchInput,
  key: string,
  requestHash: string,
): Promise<DispatchResult> {
  const { orgId, origin } = input;
  const existing = async () => {
    const [row] = await deps.db
      .select({ id: schema.calls.id, requestHash: schema.calls.requestHash })
      .from(schema.calls)
      .where(and(eq(schema.calls.orgId, orgId), eq(schema.calls.idempotencyKey, key)));
    if (!row) return null;
    if (row.requestHash !== requestHash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    return { body: responseFor(row.id), replayed: true };
  };
  const earlier = await existing();
  if (earlier) return earlier;
  await assertFunded(deps, orgId, input.balanceMicros);
  try {
    const callId = await insertCall(
      deps.db,
      deps.provider,
      { orgId, request, idempotencyKey: key, requestHash, apiOrigin: origin },
      new Date(deps.clock.now()),
    );
    return { body: responseFor(callId), replayed: false };
  } catch (error) {
    // The store claim was lost (expired, or the store was reset) and a twin inserted first.
    if (isUniqueViolation(error)) {
      const twin = await existing();
      if (twin) return twin;
    }
    throw error;
  }
}
