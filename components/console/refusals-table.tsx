import { formatTime } from '@/lib/console/format-time';

/** How often the calling rules refused the organization's calls, a row per rule (error code). */
export function RefusalsTable({
  refusals,
  testId,
}: {
  refusals: readonly { code: string; count: number; last_at: string }[];
  testId: string;
}) {
  return (
    <div className="table-scroll">
      <table data-testid={testId}>
        <caption className="visually-hidden">Refusals by rule, since the start</caption>
        <thead>
          <tr>
            <th scope="col">Rule (error code)</th>
            <th scope="col">Calls refused</th>
            <th scope="col">Latest</th>
          </tr>
        </thead>
        <tbody>
          {refusals.map((r) => (
            <tr key={r.code}>
              <th scope="row">
                <code>{r.code}</code>
              </th>
              <td>{r.count}</td>
              <td>{formatTime(r.last_at, '—')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
