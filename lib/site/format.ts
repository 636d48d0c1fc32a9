const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "March 4, 2026" in UTC, or null for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : dateFormat.format(ms);
}

/** Editor text for a single-line context (titles, names, meta tags): line breaks collapsed. */
export function oneLine(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/gu, ' ').trim();
}
