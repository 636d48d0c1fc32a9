/** Times in the console, in one format everywhere: "2026-11-28 03:14 UTC" (empty: the fallback). */
export function formatTime(at: string | Date | null | undefined, fallback = '—'): string {
  if (!at) return fallback;
  const iso = typeof at === 'string' ? new Date(at).toISOString() : at.toISOString();
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}
