'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';

interface Problem {
  line: number;
  reason: string;
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'sending'; percent: number | null }
  | { kind: 'failed'; message: string; problems: Problem[] }
  | { kind: 'created'; batchId: string; rows: number };

/** POSTs the form with XMLHttpRequest, whose upload events let a large file show its progress. */
function send(
  url: string,
  body: FormData,
  onProgress: (percent: number | null) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (event) =>
      onProgress(event.lengthComputable ? Math.round((event.loaded / event.total) * 100) : null);
    // Uploaded: the server is now checking every row and creating the calls.
    xhr.upload.onload = () => onProgress(null);
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's page): the status alone tells what happened.
      }
      resolve({ status: xhr.status, body: parsed });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.send(body);
  });
}

/** The new-batch form: label, prompt, CSV file, with the template for this prompt one click away. */
export function BatchImportForm({ orgId }: { orgId: string }) {
  const router = useRouter();
  const [prompt, setPrompt] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const busy = outcome.kind === 'sending';
  return (
    <form
      className="form-grid"
      aria-labelledby="new-batch"
      onSubmit={async (event) => {
        event.preventDefault();
        setOutcome({ kind: 'sending', percent: 0 });
        const reply = await send(
          `/console/api/orgs/${orgId}/batches`,
          new FormData(event.currentTarget),
          (percent) => setOutcome({ kind: 'sending', percent }),
        );
        if (reply.status === 201) {
          const created = reply.body as { batch_id: string; rows: number };
          setOutcome({ kind: 'created', batchId: created.batch_id, rows: created.rows });
          router.push(`/console/orgs/${orgId}/batches/${created.batch_id}`);
          return;
        }
        const failure = reply.body as {
          error?: { message?: string };
          problems?: Problem[];
        } | null;
        setOutcome({
          kind: 'failed',
          message:
            failure?.error?.message ??
            (reply.status === 0
              ? 'The upload did not reach us; check your connection and try again.'
              : `The import failed (${reply.status}); try again.`),
          problems: failure?.problems ?? [],
        });
      }}
    >
      <h2 id="new-batch">New batch from a CSV file</h2>
      <div className="field">
        <label htmlFor="batch-label">Label</label>
        <input id="batch-label" name="label" maxLength={200} required />
      </div>
      <div className="field">
        <label htmlFor="batch-prompt">Prompt for every call</label>
        <textarea
          id="batch-prompt"
          name="base_prompt"
          maxLength={20000}
          required
          aria-describedby="batch-prompt-help"
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
        />
        <p id="batch-prompt-help" className="help">
          Write <code>{'{{name}}'}</code> where a row&apos;s value goes; the file needs a column of
          that name.
        </p>
      </div>
      <div className="field">
        <label htmlFor="batch-file">CSV file (UTF-8, at most 10,000 rows and 10 MB)</label>
        <input id="batch-file" name="file" type="file" accept=".csv,text/csv" required />
        <p className="help">
          <a
            href={`/console/api/orgs/${orgId}/batches/template?base_prompt=${encodeURIComponent(prompt)}`}
            download="batch-template.csv"
          >
            Download a template for this prompt
          </a>{' '}
          (a <code>phone_number</code> column and one per placeholder).
        </p>
      </div>
      <p>
        <button className="button" type="submit" disabled={busy}>
          Check and import
        </button>
      </p>
      <div role="status" data-testid="batch-import-status">
        {outcome.kind === 'sending' ? (
          <p>
            <label htmlFor="batch-upload-progress">
              {outcome.percent === null
                ? 'Checking every row and creating the calls…'
                : `Uploading the file… ${outcome.percent}%`}
            </label>{' '}
            <progress id="batch-upload-progress" max={100} value={outcome.percent ?? undefined} />
          </p>
        ) : null}
        {outcome.kind === 'created' ? (
          <p>{`Created a batch of ${outcome.rows} calls. Opening it…`}</p>
        ) : null}
      </div>
      {outcome.kind === 'failed' ? (
        <div className="form-error" role="alert" data-testid="batch-import-error">
          <p>{outcome.message}</p>
          {outcome.problems.length > 0 ? (
            <ul data-testid="batch-import-problems">
              {outcome.problems.map((problem) => (
                <li key={`${problem.line}:${problem.reason}`}>
                  Line {problem.line}: {problem.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
