/** A measured number reads rounded (5.279977324263038 → 5.28); whole numbers stay as they are. */
const round = (value: number) =>
  Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);

const show = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : typeof value === 'number'
        ? round(value)
        : JSON.stringify(value, (_key, inner: unknown) =>
            typeof inner === 'number' && !Number.isInteger(inner)
              ? Math.round(inner * 100) / 100
              : inner,
          );

const fields = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : value === null || value === undefined
      ? {}
      : { value };

/** An audit row's before/after as one line per changed field: "role: developer → admin". */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const was = fields(before);
  const now = fields(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  if (keys.length === 0) return <>—</>;
  return (
    <ul className="audit-changes">
      {keys.map((key) => (
        <li key={key}>
          <span className="audit-field">{key}</span>:{' '}
          {!(key in was)
            ? show(now[key])
            : !(key in now)
              ? `${show(was[key])} (removed)`
              : `${show(was[key])} → ${show(now[key])}`}
        </li>
      ))}
    </ul>
  );
}
