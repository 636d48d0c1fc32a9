import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AutoRefresh } from '@/components/console/auto-refresh';
import { LazyBarChart } from '@/components/console/lazy-bar-chart';
import { getBatchJson } from '@/lib/calls/batches/get-batch';
import { getCallDeps } from '@/lib/composition/root';
import { batchEndedLengths } from '@/lib/console/batch-ended-lengths';
import { consoleOrg } from '@/lib/console/console-org';
import { isApiError } from '@/lib/platform/errors/api-error';
import { siteOrigin } from '@/lib/site/site-origin';
import type { BatchResponseBody } from '@/schemas/batches';
import { formatTime } from '@/lib/console/format-time';
import { STATUS_WORDS } from '@/lib/console/status-words';

export const metadata: Metadata = { title: 'Batch · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

const queueLabels = STATUS_WORDS;

/** A table of counts: the text alternative of each chart. */
function CountTable({
  caption,
  head,
  rows,
  testId,
}: {
  caption: string;
  head: string;
  rows: { name: string; count: number }[];
  testId: string;
}) {
  return (
    <div className="table-scroll">
      <table data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            <th scope="col">Calls</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td>{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default async function BatchPage({
  params,
}: {
  params: Promise<{ org_id: string; batch_id: string }>;
}) {
  const { org_id, batch_id } = await params;
  const { org } = await consoleOrg(org_id, `/console/orgs/${org_id}/batches/${batch_id}`);
  const deps = await getCallDeps();
  // The same function as GET /batch, without the calls themselves (the calls list has them).
  const json = await getBatchJson(
    deps.db,
    org.orgId,
    { batch_id, include_calls: false, include_transcripts: false, include_analysis: true },
    {
      origin: await siteOrigin(),
      urlSigningKey: deps.settings.urlSigningKey,
      nowMs: deps.clock.now(),
    },
  ).catch((error: unknown) => {
    if (isApiError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  });
  const { batch_params: batch, analysis } = JSON.parse(json) as BatchResponseBody;
  if (!analysis) notFound();
  const running = analysis.in_progress_calls > 0;
  const queue = (Object.keys(queueLabels) as (keyof typeof queueLabels)[]).map((status) => ({
    name: queueLabels[status],
    count: analysis.queue_statuses[status],
  }));
  const ended = await batchEndedLengths(deps.db, batch.id);
  const lengths = ended.buckets.map((bucket) => ({
    name: `${bucket.name} s`,
    count: bucket.count,
  }));
  return (
    <>
      {running ? <AutoRefresh seconds={2} /> : null}
      <p>
        <Link href={`/console/orgs/${org.orgId}/batches`} prefetch={false}>
          ← All batches
        </Link>
      </p>
      <h1>{batch.label}</h1>
      <dl>
        <dt>Created</dt>
        <dd>{formatTime(batch.created_at, '—', { seconds: true })}</dd>
        <dt>Prompt</dt>
        <dd>{batch.base_prompt}</dd>
        <dt>Line</dt>
        <dd>{batch.endpoint_code}</dd>
        <dt>Batch id</dt>
        <dd>
          <code>{batch.id}</code>
        </dd>
      </dl>
      <h2>Progress</h2>
      <p data-testid="batch-progress" data-running={running ? 'true' : 'false'}>
        <label htmlFor="batch-progress-bar">
          {running
            ? `${analysis.completed_calls} of ${analysis.total_calls} calls ended; this page updates itself.`
            : `All ${analysis.total_calls} calls ended.`}
        </label>{' '}
        <progress
          id="batch-progress-bar"
          max={Math.max(analysis.total_calls, 1)}
          value={analysis.completed_calls}
        />
      </p>
      <p>
        <Link href={`/console/orgs/${org.orgId}/calls?batch_id=${batch.id}`} prefetch={false}>
          See this batch&apos;s calls
        </Link>
      </p>
      <h2>Queue statuses</h2>
      <LazyBarChart data={queue} testId="chart-queue" />
      <CountTable caption="Calls by queue status" head="Status" rows={queue} testId="queue-table" />
      <h2>Call lengths</h2>
      <p>
        {ended.ended === 0
          ? 'No call has ended yet: lengths are counted once calls end.'
          : `Of the ${ended.ended} calls that ended: average ${ended.average.toFixed(1)} s; average of those that connected ${ended.averageConnected.toFixed(1)} s.`}
      </p>
      <LazyBarChart data={lengths} testId="chart-lengths" />
      <CountTable
        caption="Ended calls by length in seconds"
        head="Length"
        rows={lengths}
        testId="lengths-table"
      />
      <h2>Errors</h2>
      {analysis.error_messages.length === 0 ? (
        <p data-testid="batch-errors-none">No call of this batch has an error.</p>
      ) : (
        <ul data-testid="batch-errors">
          {analysis.error_messages.slice(0, 200).map((error) => (
            <li key={error.call_id}>
              <Link href={`/console/orgs/${org.orgId}/calls/${error.call_id}`} prefetch={false}>
                {error.call_id.slice(0, 8)}
              </Link>
              : {error.error_message}
            </li>
          ))}
        </ul>
      )}
      {analysis.error_messages.length > 200 ? (
        <p>{`And ${analysis.error_messages.length - 200} more; filter the calls list by this batch and status error to see them all.`}</p>
      ) : null}
    </>
  );
}
