import { createHash } from 'node:crypto';
import stringify from 'safe-stable-stringify';
import { isUniqueViolation } from '../../../platform/errors/pg-errors';
import { ApiError } from '../../../platform/errors/api-error';
import { asApiError } from '../../../platform/errors/dependency-errors';
import type { Clock } from '../../../platform/runtime/clock';
import type { Store } from '..';
import { claimKey, releaseClaim } from './claim-key';

const CLAIM_TTL_MS = 15_000;
const REPLAY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentResult<T> {
  body: T;
  replayed: boolean;
}

export interface IdempotentWork<T> {
  /** What is being created (`calls`, `batches`): keys of one scope never meet another's. */
  scope: string;
  orgId: string;
  key: string;
  /** The request as the caller sent it; the same key with another body is refused. */
  body: unknown;
  /**
   * The durable twin in the database, found after the store forgot the key (or lost the race);
   * throws IDEMPOTENCY_KEY_REUSED when it can tell the earlier body was another.
   */
  findEarlier(requestHash: string): Promise<T | null>;
  create(requestHash: string): Promise<T>;
}

/** The key's hash, for records that keep it (never the key itself in a shared store). */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Runs `create` once per (org, scope, key): twins are serialised by a claim in the shared store,
 * and a record keyed in the database lets a replay find the first result after the store forgot.
 * A replay answers the first result; the same key with another body is 409.
 */
export async function runIdempotent<T>(
  deps: { store: Store; clock: Clock },
  work: IdempotentWork<T>,
): Promise<IdempotentResult<T>> {
  if (!KEY_PATTERN.test(work.key)) {
    throw new ApiError('INVALID_BODY', {
      message: 'Idempotency-Key must be 1–255 printable ASCII characters.',
      field: 'Idempotency-Key',
    });
  }
  const requestHash = createHash('sha256')
    .update(stringify(work.body) ?? '')
    .digest('hex');
  const claim = await claimKey(
    deps.store,
    deps.clock,
    `idem:${work.scope}:${work.orgId}:${hashKey(work.key)}`,
    {
      ttlMs: CLAIM_TTL_MS,
      failure: (reason, cause) =>
        reason === 'busy'
          ? new ApiError('IDEMPOTENCY_KEY_IN_USE')
          : asApiError(cause, (error) => new ApiError('INTERNAL_ERROR', { cause: error })),
    },
  );
  if (claim.kind === 'replay') {
    const stored = JSON.parse(claim.value) as { hash: string; body: T };
    if (stored.hash !== requestHash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    return { body: stored.body, replayed: true };
  }
  try {
    const result = await createOnce(work, requestHash);
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

async function createOnce<T>(
  work: IdempotentWork<T>,
  requestHash: string,
): Promise<IdempotentResult<T>> {
  const earlier = await work.findEarlier(requestHash);
  if (earlier !== null) return { body: earlier, replayed: true };
  try {
    return { body: await work.create(requestHash), replayed: false };
  } catch (error) {
    // The store claim was lost (expired, or the store was reset) and a twin inserted first.
    if (isUniqueViolation(error)) {
      const twin = await work.findEarlier(requestHash);
      if (twin !== null) return { body: twin, replayed: true };
    }
    throw error;
  }
}
