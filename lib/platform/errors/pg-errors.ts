/** Postgres SQLSTATE of an error from either driver (drizzle wraps it in `cause`). */
function sqlState(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
export const isCheckViolation = (error: unknown) => sqlState(error) === '23514';
/**
 * The transaction lost to another one and was rolled back whole (a deadlock broken by Postgres,
 * a serialization failure): running it again is safe.
 */
export const isTransactionConflict = (error: unknown) => {
  const state = sqlState(error);
  return state === '40P01' || state === '40001';
};

/**
 * The SQLSTATE raised by the `org_members_keep_an_owner` constraint trigger (migration 0017) when
 * a change to memberships would leave an existing organization without an owner. Class `VA` is
 * this application's own; the HTTP layer maps it to 409 LAST_OWNER (lib/platform/errors/dependency-errors.ts).
 */
export const LAST_OWNER_SQLSTATE = 'VA001';
export const isLastOwnerViolation = (error: unknown) => sqlState(error) === LAST_OWNER_SQLSTATE;

// Socket-level failures reaching the server, as node-postgres reports them.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres raises these as plain Errors, without a code.
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Query read timeout/i;

/**
 * True when the database could not be reached or dropped the connection (the server is down,
 * restarting or refusing connections): SQLSTATE classes 08 and 57P0x, too many connections, or a
 * socket error. The query itself may be fine, so this is a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (state && (state.startsWith('08') || /^57P0[123]$/.test(state) || state === '53300'))
    return true;
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
