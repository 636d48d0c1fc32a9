import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import { singleton } from '../../platform/runtime/singleton';

const MINUTE_MS = 60_000;

/**
 * Records a key's last use (time and IP) at most once a minute per key: the lookup already read
 * `last_used_at`, this process remembers its own recent writes, and the UPDATE's condition keeps
 * other instances from writing again inside the minute. Never awaited by the request.
 */
export function touchApiKey(
  db: Db,
  key: { keyId: string; lastUsedAt: Date | null },
  ip: string | null,
  nowMs: number,
): void {
  if (key.lastUsedAt && nowMs - key.lastUsedAt.getTime() < MINUTE_MS) return;
  const recent = singleton('api-key-touches', () => new Map<string, number>());
  const attempted = recent.get(key.keyId);
  if (attempted !== undefined && nowMs - attempted < MINUTE_MS) return;
  if (recent.size > 10_000) recent.clear();
  recent.set(key.keyId, nowMs);
  const now = new Date(nowMs);
  db.update(schema.apiKeys)
    .set({ lastUsedAt: now, lastUsedIp: ip })
    .where(
      and(
        eq(schema.apiKeys.id, key.keyId),
        or(
          isNull(schema.apiKeys.lastUsedAt),
          lt(schema.apiKeys.lastUsedAt, new Date(nowMs - MINUTE_MS)),
        ),
      ),
    )
    .catch((error: unknown) => console.error(`api key ${key.keyId}: last use not recorded`, error));
}
