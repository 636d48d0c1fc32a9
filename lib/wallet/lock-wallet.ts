import { eq } from 'drizzle-orm';
import { ApiError } from '../platform/errors/api-error';
import { schema, type Executor } from '../adapters/db';

export interface LockedWallet {
  balance: number;
  held: number;
  owed: number;
}

/**
 * The org's wallet row under its lock, for a move that depends on what it holds: two moves of one
 * wallet (on any instance) run one after the other.
 */
export async function lockWallet(tx: Executor, orgId: string): Promise<LockedWallet> {
  const o = schema.organizations;
  const [org] = await tx
    .select({ balance: o.balanceMicros, held: o.heldMicros, owed: o.owedMicros })
    .from(o)
    .where(eq(o.id, orgId))
    .for('update');
  if (!org) throw new ApiError('NOT_FOUND', { message: 'No organization has this id.' });
  return org;
}
