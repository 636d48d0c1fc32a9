export type SearchParams = Record<string, string | string[] | undefined>;

/** The query string of a console list's current filters, with `cursor` replaced (paging links). */
export function withCursor(params: SearchParams, cursor: string | null): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (typeof value === 'string' && value !== '' && key !== 'cursor') query.set(key, value);
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}
