export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;
const INT32_MAX = 2_147_483_647;

function parseInteger(raw: string | null, fallback: number): number {
  // Only plain integers count; "abc", "2.5" or "" fall back to the default.
  if (raw === null || !/^\s*[-+]?\d+\s*$/.test(raw)) return fallback;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : value > 0 ? INT32_MAX : -INT32_MAX;
}

/** Resolves `page` and `limit` as the spec says: defaults, then clamping. */
export function parseListParams(query: URLSearchParams): { page: number; limit: number } {
  const page = Math.min(Math.max(parseInteger(query.get('page'), DEFAULT_PAGE), 1), INT32_MAX);
  const limit = Math.min(Math.max(parseInteger(query.get('limit'), DEFAULT_LIMIT), 1), MAX_LIMIT);
  return { page, limit };
}
