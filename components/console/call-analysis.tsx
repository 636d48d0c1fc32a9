import type { CallDetailBody } from '@/schemas/call-detail';

/** One extracted value as a person reads it: lists joined, booleans as yes or no. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? value.map(shown).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The call's analysis as a table of its schema's fields (a field the call did not answer: —). */
export function CallAnalysis({ call }: { call: CallDetailBody }) {
  const properties = call.analysis_schema?.properties;
  if (!properties || typeof properties !== 'object') return null;
  const names = Object.keys(properties);
  const live = call.queue_status === 'queued' || call.queue_status === 'started';
  return (
    <>
      <h2>Analysis</h2>
      {call.analysis_by === 'scripted' ? (
        <p data-testid="analysis-by">
          Filled by the scripted brain (no language model configured): yes/no answers, numbers,
          dates and listed values read from the callee’s lines.
        </p>
      ) : null}
      {call.analysis ? (
        <table data-testid="call-analysis">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {names.map((name) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{shown(call.analysis?.[name])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p data-testid="call-analysis">
          {call.analysis_error ??
            (live ? 'The analysis is made when the call ends.' : 'No analysis.')}
        </p>
      )}
    </>
  );
}
