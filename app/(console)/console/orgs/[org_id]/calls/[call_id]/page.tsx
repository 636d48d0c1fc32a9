import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { CallActions } from '@/components/console/call-actions';
import { CallAnalysis } from '@/components/console/call-analysis';
import { CallTranscript } from '@/components/console/call-transcript';
import { CopyButton } from '@/components/console/copy-button';
import { LiveRefresh } from '@/components/console/live-refresh';
import { RoleLimits } from '@/components/console/role-limits';
import { listCallDeliveries } from '@/lib/calls/webhooks/list-deliveries';
import { getCallDeps } from '@/lib/composition/root';
import { getCallDetail } from '@/lib/calls/get-call-detail';
import { consoleOrg } from '@/lib/console/console-org';
import { callLiveVersion } from '@/lib/console/live-version';
import { answeredByWord, statusWord } from '@/lib/console/status-words';
import { transcriptOffsets } from '@/lib/console/transcript-offsets';
import { isApiError } from '@/lib/platform/errors/api-error';
import { isUuid } from '@/lib/platform/http/path-id';
import { siteOrigin } from '@/lib/site/site-origin';
import { formatTime } from '@/lib/console/format-time';

export const metadata: Metadata = { title: 'Call · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

const clock = (iso: string | null) => formatTime(iso, '—', { seconds: true });

export default async function CallPage({
  params,
}: {
  params: Promise<{ org_id: string; call_id: string }>;
}) {
  const { org_id, call_id } = await params;
  // The call and its delivery log are read beside the membership check (one round trip instead
  // of three in a row); nothing of them is shown unless the check passes.
  const pending =
    isUuid(org_id) && isUuid(call_id)
      ? (async () => {
          const deps = await getCallDeps();
          const orgId = org_id.toLowerCase();
          const callId = call_id.toLowerCase();
          // Read before what it versions: a change in between makes one refresh too many, never
          // one too few. Another org's call is NOT_FOUND here already.
          const version = await callLiveVersion(deps.db, orgId, callId);
          return Promise.all([
            getCallDetail(deps, orgId, callId, await siteOrigin()),
            listCallDeliveries(deps.db, orgId, callId),
            transcriptOffsets(deps.db, callId),
            version,
          ]);
        })()
      : null;
  pending?.catch(() => undefined);
  const { org, can } = await consoleOrg(org_id, `/console/orgs/${org_id}/calls/${call_id}`);
  if (!pending) notFound();
  // The detail decides 404; the log only ever lists the org's own deliveries.
  const [call, log, offsets, version] = await pending.catch((error: unknown) => {
    if (isApiError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  });
  const live = call.queue_status === 'queued' || call.queue_status === 'started';
  return (
    <>
      <p>
        <Link href={`/console/orgs/${org.orgId}/calls`} prefetch={false}>
          ← All calls
        </Link>
      </p>
      <h1>Call to {call.to}</h1>
      {live ? (
        <LiveRefresh
          versionUrl={`/console/api/orgs/${org.orgId}/calls/${call.call_id}/live`}
          version={version.version}
        />
      ) : null}
      <RoleLimits
        role={org.role}
        actions={[
          { action: 'calls.write', text: 'stop this call' },
          { action: 'webhooks.write', text: 'send its webhook again' },
        ]}
      />
      <dl data-testid="call-facts">
        <dt>Status</dt>
        <dd data-testid="call-status" data-status={call.queue_status}>
          {statusWord(call.queue_status)}
        </dd>
        <dt>Ended by</dt>
        <dd>{call.call_ended_by ?? '—'}</dd>
        <dt>Answered by</dt>
        <dd data-testid="call-answered-by">{answeredByWord(call.answered_by)}</dd>
        {call.transferred_to ? (
          <>
            <dt>Transferred to</dt>
            <dd data-testid="call-transfer">
              {call.transferred_to} at {clock(call.transferred_at)}
            </dd>
          </>
        ) : null}
        <dt>Created</dt>
        <dd>{clock(call.created_at)}</dd>
        <dt>Started</dt>
        <dd>{clock(call.started_at)}</dd>
        <dt>Ended</dt>
        <dd>{clock(call.end_at)}</dd>
        <dt>Length</dt>
        <dd>{call.corrected_duration ? `${call.corrected_duration} s` : '—'}</dd>
        <dt>Price</dt>
        <dd>{call.price === null ? '—' : `$${call.price.toFixed(2)}`}</dd>
        <dt>From</dt>
        <dd>{call.from}</dd>
        {call.agent_id ? (
          <>
            <dt>Agent</dt>
            <dd data-testid="call-agent">
              <Link href={`/console/orgs/${org.orgId}/agents/${call.agent_id}`} prefetch={false}>
                <code>{call.agent_id}</code>
              </Link>
              , version {call.agent_version}
            </dd>
          </>
        ) : null}
        <dt>Call id</dt>
        <dd>
          <code>{call.call_id}</code> <CopyButton value={call.call_id} label="Copy call id" />
        </dd>
      </dl>
      <h2>Summary</h2>
      <p data-testid="call-summary">
        {call.summary ?? (live ? 'The summary is written when the call ends.' : 'No summary.')}
      </p>
      <CallAnalysis call={call} />
      {call.metadata ? (
        <>
          <h2>Metadata</h2>
          <pre data-testid="call-metadata">{JSON.stringify(call.metadata, null, 2)}</pre>
        </>
      ) : null}
      {can('calls.write') ? (
        <CallActions orgId={org.orgId} callId={call.call_id} action="stop" open={live} />
      ) : null}
      <h2>Recording</h2>
      {call.recording_url ? (
        <audio controls preload="metadata" src={call.recording_url} data-testid="recording">
          <a href={call.recording_url}>Download the recording (WAV)</a>
        </audio>
      ) : (
        <p>{call.record ? 'The recording appears when the call ends.' : 'Not recorded.'}</p>
      )}
      <h2>Transcript</h2>
      <CallTranscript call={call} offsets={offsets} />
      <h2>Request data</h2>
      <pre tabIndex={0} aria-label="Request data as JSON">
        {JSON.stringify(call.request_data, null, 2)}
      </pre>
      <h2>Webhook deliveries</h2>
      {log.deliveries.length === 0 ? (
        <p>None: the call has no webhook, or it has not ended yet.</p>
      ) : (
        <div className="table-scroll">
          <table data-testid="deliveries">
            <caption className="visually-hidden">Webhook deliveries of this call</caption>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last response</th>
                <th scope="col">Next attempt</th>
              </tr>
            </thead>
            <tbody>
              {log.deliveries.map((d) => (
                <tr key={d.delivery_id} data-testid="delivery-row">
                  <td>{clock(d.created_at)}</td>
                  <td>{d.status}</td>
                  <td>{d.attempts.length}</td>
                  <td>{d.attempts.at(-1)?.status_code ?? d.attempts.at(-1)?.error ?? '—'}</td>
                  <td>{clock(d.next_attempt_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {can('webhooks.write') && log.deliveries.length > 0 && !live ? (
        <CallActions orgId={org.orgId} callId={call.call_id} action="resend" />
      ) : null}
    </>
  );
}
