/**
 * Times in the console, in one format everywhere: "2026-11-28 03:14 UTC", or with `seconds` (call
 * timings, deliveries, the audit log) "2026-11-28 03:14:07 UTC". Empty: the fallback.
 */
export function formatTime(
  at: string | Date | null | undefined,
  fallback = '—',
  { seconds = false }: { seconds?: boolean } = {},
): string {
  if (!at) return fallback;
  const iso = typeof at === 'string' ? new Date(at).toISOString() : at.toISOString();
  return `${iso.slice(0, seconds ? 19 : 16).replace('T', ' ')} UTC`;
}
