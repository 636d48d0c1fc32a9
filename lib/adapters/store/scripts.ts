// Lua run by the Redis adapters (TCP and Upstash alike). Each script is one atomic step.

/** Lua that applies a JSON array of StoreWrites (in `argv`) to KEYS[offset+1..]. */
function applyWrites(argv: string, offset: number): string {
  return `
local writes = cjson.decode(${argv})
for i, w in ipairs(writes) do
  local key = KEYS[i + ${offset}]
  if w.type == 'set' then
    if w.ttlMs and w.ttlMs > 0 then
      redis.call('SET', key, w.value, 'PX', w.ttlMs)
    else
      redis.call('SET', key, w.value)
    end
  elseif w.type == 'push' then
    redis.call('RPUSH', key, w.value)
  elseif w.type == 'hset' then
    for field, v in pairs(w.fields) do
      redis.call('HSET', key, field, v)
    end
  end
end
`;
}

/**
 * KEYS[1] the guarded key, KEYS[2..n] the keys of the extra writes.
 * ARGV[1] value, ARGV[2] ttl in ms (0 = none), ARGV[3] JSON array of writes matching KEYS[2..n].
 * Returns {1, value} when created, {0, existing} otherwise.
 */
export const SET_IF_ABSENT = `
local writes = cjson.decode(ARGV[3])
local kinds = { set = 'string', push = 'list', hset = 'hash' }
-- Scripts are not rolled back on error: check every target before the first write.
for i, w in ipairs(writes) do
  local t = redis.call('TYPE', KEYS[i + 1])['ok']
  if t ~= 'none' and t ~= kinds[w.type] then
    return redis.error_reply('WRONGTYPE Operation against a key holding the wrong kind of value')
  end
end
local ttl = tonumber(ARGV[2])
local ok
if ttl > 0 then
  ok = redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ttl)
else
  ok = redis.call('SET', KEYS[1], ARGV[1], 'NX')
end
if not ok then
  return {0, redis.call('GET', KEYS[1])}
end
${applyWrites('ARGV[3]', 1)}return {1, ARGV[1]}
`;

/** KEYS[1] counter; ARGV[1] increment, ARGV[2] ttl in ms applied when the key has none. */
export const INCR_WITH_TTL = `
local v = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = tonumber(ARGV[2])
if ttl > 0 and redis.call('PTTL', KEYS[1]) == -1 then
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return v
`;

/** KEYS[1] list; ARGV[1] max length (0 = unbounded), ARGV[2..] values. */
export const PUSH_CAPPED = `
local n = redis.call('RPUSH', KEYS[1], unpack(ARGV, 2))
local max = tonumber(ARGV[1])
if max > 0 and n > max then
  redis.call('LTRIM', KEYS[1], -max, -1)
  n = max
end
return n
`;

/**
 * KEYS[1] the guarded key, KEYS[2..n] the keys of the extra writes.
 * ARGV[1] expected value, ARGV[2] new value, ARGV[3] ttl in ms (0 = none), ARGV[4] JSON writes.
 * Returns {1, new} when replaced, {0, current or ''} otherwise.
 */
export const REPLACE_IF = `
local current = redis.call('GET', KEYS[1])
if current ~= ARGV[1] then
  return {0, current or ''}
end
local ttl = tonumber(ARGV[3])
if ttl > 0 then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ttl)
else
  redis.call('SET', KEYS[1], ARGV[2])
end
${applyWrites('ARGV[4]', 1)}
return {1, ARGV[2]}
`;

/** KEYS[1]; ARGV[1] expected value. Deletes only when the key still holds it. */
export const DEL_IF_EQUALS = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

/**
 * Sliding log in a sorted set scored by the caller's clock.
 * KEYS[1]; ARGV[1] now (ms), ARGV[2] window (ms), ARGV[3] limit, ARGV[4] unique member.
 * Returns {allowed 0|1, count, resetAt as a string}.
 */
export const SLIDING_WINDOW = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', KEYS[1], window)
local reset = now + window
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if oldest[2] then
  reset = tonumber(oldest[2]) + window
end
return {allowed, count, string.format('%d', reset)}
`;

// Leases: a sorted set of token → expiry (epoch ms on the store's own clock, `TIME`). A lease is
// live while its expiry is after now; every writing script purges the dead ones first, in the same
// step. Every instance reads the one clock of the server, so an instance whose clock runs fast
// cannot expire others' leases early (or keep its own alive). The key itself expires with its
// last lease, so an abandoned key disappears.

/** Lua: `now`, the server's time in ms (TIME is allowed in scripts with effects replication). */
const STORE_NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/** Lua that keeps the key alive at least as long as the lease just written (ARGV ttl in `ttl`). */
const EXPIRE_WITH_LAST_LEASE = `
if redis.call('PTTL', KEYS[1]) < ttl then
  redis.call('PEXPIRE', KEYS[1], ttl)
end
`;

// Task leases (released when their work ends) also keep their start time in a hash (KEYS[2]), and
// their release pushes how long they were held onto a short list (KEYS[3]): the moving window a
// refusal estimates its wait from.

/** How many recent task durations the window keeps, and how long it lives without a new one. */
export const LEASE_WINDOW_SIZE = 20;
export const LEASE_WINDOW_MS = 5 * 60_000;

/** Lua that purges the expired leases of KEYS[1] and their start times in KEYS[2]. */
const PURGE_EXPIRED = `
local dead = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)
if #dead > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
  for _, token in ipairs(dead) do redis.call('HDEL', KEYS[2], token) end
end
`;

/**
 * KEYS[1] leases, KEYS[2] task start times, KEYS[3] recent task durations;
 * ARGV[1] token, ARGV[2] limit, ARGV[3] ttl (ms), ARGV[4] 'task' | 'session'.
 * Purges expired leases, then adds (or refreshes) the token's lease when it already holds one or
 * fewer than `limit` remain. Returns {acquired 0|1, count, retryAfterMs}. When refused, the wait:
 * with a task among the holders, the typical task duration (median of the window; 1 s when it is
 * empty) minus how long each task has run, taking as many as must finish for one slot to free;
 * when every holder is a session, the time until enough leases expire (0 when none is held).
 */
export const LEASE_ACQUIRE = `
local token = ARGV[1]
local limit = tonumber(ARGV[2])
local ttl = tonumber(ARGV[3])
${STORE_NOW}
${PURGE_EXPIRED}
local count = redis.call('ZCARD', KEYS[1])
if count < limit or redis.call('ZSCORE', KEYS[1], token) then
  -- ZADD answers 1 for a new token, 0 for a refreshed one.
  count = count + redis.call('ZADD', KEYS[1], now + ttl, token)
  ${EXPIRE_WITH_LAST_LEASE}
  if ARGV[4] == 'task' then
    redis.call('HSETNX', KEYS[2], token, now)
    if redis.call('PTTL', KEYS[2]) < ttl then redis.call('PEXPIRE', KEYS[2], ttl) end
  end
  return {1, count, 0}
end
-- With a lowered limit several holders must finish before one slot is free, not just the first.
local need = math.max(0, count - limit) + 1
local starts = redis.call('HVALS', KEYS[2])
if #starts > 0 then
  local took = redis.call('LRANGE', KEYS[3], 0, -1)
  if #took == 0 then return {0, count, 1000} end
  for i, v in ipairs(took) do took[i] = tonumber(v) end
  table.sort(took)
  local typical = took[math.ceil(#took / 2)]
  local waits = {}
  for i, v in ipairs(starts) do waits[i] = math.max(0, tonumber(v) + typical - now) end
  table.sort(waits)
  return {0, count, waits[math.min(#waits, need)]}
end
local retry = 0
if count > 0 then
  local index = math.min(count, need) - 1
  local due = redis.call('ZRANGE', KEYS[1], index, index, 'WITHSCORES')
  retry = tonumber(due[2]) - now
end
return {0, count, retry}
`;

/**
 * KEYS[1] leases, KEYS[2] task start times, KEYS[3] recent task durations; ARGV[1] token.
 * Removes that token's lease only; a live task lease records how long it was held. Returns 1
 * when it was there.
 */
export const LEASE_RELEASE = `
local removed = redis.call('ZREM', KEYS[1], ARGV[1])
local start = redis.call('HGET', KEYS[2], ARGV[1])
if start then
  redis.call('HDEL', KEYS[2], ARGV[1])
  if removed == 1 then
    ${STORE_NOW}
    redis.call('LPUSH', KEYS[3], now - tonumber(start))
    redis.call('LTRIM', KEYS[3], 0, ${LEASE_WINDOW_SIZE - 1})
    redis.call('PEXPIRE', KEYS[3], ${LEASE_WINDOW_MS})
  end
end
return removed
`;

/**
 * KEYS[1] leases, KEYS[2] task start times; ARGV[1] token, ARGV[2] ttl (ms). Extends the token's
 * lease to now + ttl only while it is still live. Returns 1 when renewed, 0 when it was lost.
 */
export const LEASE_RENEW = `
local ttl = tonumber(ARGV[2])
${STORE_NOW}
${PURGE_EXPIRED}
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
${EXPIRE_WITH_LAST_LEASE}
if redis.call('PTTL', KEYS[2]) > 0 and redis.call('PTTL', KEYS[2]) < ttl then
  redis.call('PEXPIRE', KEYS[2], ttl)
end
return 1
`;

/** KEYS[1]. Live leases only; read-only, so it writes nothing. */
export const LEASE_COUNT = `
${STORE_NOW}
return redis.call('ZCOUNT', KEYS[1], '(' .. now, '+inf')
`;
