import type { Metadata } from 'next';
import Link from 'next/link';
import { CallsTable } from '@/components/console/calls-table';
import { DayBars } from '@/components/console/day-bars';
import { LiveRefresh } from '@/components/console/live-refresh';
import { getCallDeps } from '@/lib/composition/root';
import { listCallPage } from '@/lib/calls/list-call-page';
import { readRefusalCounts } from '@/lib/calls/rules';
import { consoleOrg } from '@/lib/console/console-org';
import { formatTime } from '@/lib/console/format-time';
import { RefusalsTable } from '@/components/console/refusals-table';
import { listLiveCalls } from '@/lib/console/list-live-calls';
import { orgLiveVersion } from '@/lib/console/live-version';
import { overviewDays, windowFigures, type WindowFigures } from '@/lib/console/overview-stats';
import { isUuid } from '@/lib/platform/http/path-id';
import { getLimitsUsage } from '@/lib/console/get-limits-usage';
import { microsToUsd } from '@/lib/platform/money';
import { siteOrigin } from '@/lib/site/site-origin';

export const metadata: Metadata = { title: 'Overview · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

const usd = (micros: number) => `$${microsToUsd(micros).toFixed(2)}`;
const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
/** Completed among the calls that ended; nothing ended yet: a dash, not 0 %. */
const success = (w: WindowFigures) => {
  const ended = w.completed + w.errors;
  return ended === 0 ? '—' : `${Math.round((w.completed / ended) * 100)} %`;
};

const WINDOWS = [
  { days: 1, label: 'Today' },
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
] as const;

/** The organization's home: its figures for today, 7 and 30 days, the latest and live calls. */
export default async function OverviewPage({ params }: { params: Promise<{ org_id: string }> }) {
  const { org_id } = await params;
  // Read beside the membership check (one round trip instead of several in a row); nothing of it
  // is shown unless the check passes. The live version is read before what it versions, so a
  // change in between makes one refresh too many, never one too few.
  const pending = isUuid(org_id)
    ? (async () => {
        const deps = await getCallDeps();
        const orgId = org_id.toLowerCase();
        const live = await orgLiveVersion(deps.db, orgId);
        const [days, latest, running, usage, refusals] = await Promise.all([
          overviewDays(deps.db, orgId, new Date(deps.clock.now())),
          listCallPage(deps, orgId, { limit: 10 }, await siteOrigin()),
          listLiveCalls(deps.db, orgId),
          getLimitsUsage(deps, orgId),
          readRefusalCounts(deps.db, orgId),
        ]);
        return { live, days, latest, running, usage, refusals };
      })()
    : null;
  pending?.catch(() => undefined);
  const { org, can } = await consoleOrg(org_id, `/console/orgs/${org_id}`);
  const { live, days, latest, running, usage, refusals } = (await pending)!;
  const base = `/console/orgs/${org.orgId}`;
  const windows = WINDOWS.map((w) => ({ ...w, figures: windowFigures(days, w.days) }));
  const rows: { key: string; label: string; value: (w: WindowFigures) => string }[] = [
    { key: 'calls', label: 'Calls', value: (w) => String(w.calls) },
    { key: 'minutes', label: 'Connected minutes', value: (w) => minutes(w.connectedMs) },
    { key: 'spend', label: 'Spend', value: (w) => usd(w.spendMicros) },
    { key: 'completed', label: 'Completed', value: (w) => String(w.completed) },
    { key: 'errors', label: 'Errors', value: (w) => String(w.errors) },
    { key: 'success', label: 'Success (completed of ended)', value: success },
    { key: 'human', label: 'Answered by a person', value: (w) => String(w.answeredHuman) },
    { key: 'voicemail', label: 'Reached voicemail', value: (w) => String(w.answeredVoicemail) },
  ];
  return (
    <>
      <h1>Overview</h1>
      {live.live ? (
        <LiveRefresh
          versionUrl={`/console/api/orgs/${org.orgId}/calls/live`}
          version={live.version}
        />
      ) : null}
      <div className="table-scroll">
        <table data-testid="overview-figures">
          <caption>{org.name} at a glance (days are UTC)</caption>
          <thead>
            <tr>
              <td />
              {windows.map((w) => (
                <th key={w.days} scope="col">
                  {w.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-testid={`overview-${row.key}`}>
                <th scope="row">{row.label}</th>
                {windows.map((w) => (
                  <td key={w.days}>{row.value(w.figures)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="day-bars-grid">
        <DayBars
          title="Calls a day, last 30 days"
          testId="chart-calls"
          bars={days.map((d) => ({ day: d.day, value: d.calls, text: `${d.calls} calls` }))}
        />
        <DayBars
          title="Connected minutes a day"
          testId="chart-minutes"
          bars={days.map((d) => ({
            day: d.day,
            value: d.connectedMs,
            text: minutes(d.connectedMs),
          }))}
        />
        <DayBars
          title="Spend a day"
          testId="chart-spend"
          bars={days.map((d) => ({ day: d.day, value: d.spendMicros, text: usd(d.spendMicros) }))}
        />
        <DayBars
          title="Errors a day"
          testId="chart-errors"
          bars={days.map((d) => ({
            day: d.day,
            value: d.errors,
            text: `${d.errors} errors of ${d.completed + d.errors} ended`,
          }))}
        />
      </div>

      <h2>Live calls now</h2>
      {running.length === 0 ? (
        <p data-testid="live-none">No call is running.</p>
      ) : (
        <ul data-testid="live-calls">
          {running.map((call) => (
            <li key={call.callId}>
              <Link href={`${base}/calls/${call.callId}`} prefetch={false}>
                {call.to}
              </Link>{' '}
              <span className="meta">
                since {formatTime(call.startedAt ?? call.createdAt, '—', { seconds: true })}
              </span>
            </li>
          ))}
        </ul>
      )}

      <h2>Latest calls</h2>
      {latest.calls.length === 0 ? (
        <p data-testid="latest-none">
          No calls yet. Place one with <code>POST /v1/calls</code> (see the{' '}
          <Link href="/v1/docs" prefetch={false}>
            Voice API
          </Link>
          ).
        </p>
      ) : (
        <CallsTable
          orgId={org.orgId}
          calls={latest.calls}
          caption="The ten latest calls, newest first"
        />
      )}
      <p>
        <Link href={`${base}/calls`} prefetch={false}>
          All calls
        </Link>
      </p>

      <h2>Calls the calling rules refused</h2>
      {refusals.length === 0 ? (
        <p data-testid="refusals-none">None so far.</p>
      ) : (
        <RefusalsTable refusals={refusals} testId="overview-refusals" />
      )}

      <h2>Balance and limits</h2>
      {can('billing.read') ? (
        <p data-testid="overview-balance">
          Balance <strong>{usd(org.balanceMicros)}</strong>.{' '}
          <Link href={`${base}/billing`} prefetch={false}>
            Usage and billing
          </Link>
        </p>
      ) : null}
      <div className="table-scroll">
        <table data-testid="overview-limits">
          <caption className="visually-hidden">Limits and their use now</caption>
          <thead>
            <tr>
              <th scope="col">Limit</th>
              <th scope="col">In use now</th>
              <th scope="col">Yours</th>
            </tr>
          </thead>
          <tbody>
            <tr data-testid="overview-limit-calls">
              <th scope="row">Concurrent calls</th>
              <td>{usage.inUse.concurrent_calls}</td>
              <td>{usage.limits.concurrent_calls}</td>
            </tr>
            <tr>
              <th scope="row">Concurrent generations</th>
              <td>{usage.inUse.concurrency}</td>
              <td>{usage.limits.concurrency}</td>
            </tr>
            <tr>
              <th scope="row">Instant voice clones</th>
              <td>{usage.inUse.instant_clones}</td>
              <td>{usage.limits.instant_clones}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        <Link href={`${base}/limits`} prefetch={false}>
          All limits and the unlock
        </Link>
      </p>
    </>
  );
}
