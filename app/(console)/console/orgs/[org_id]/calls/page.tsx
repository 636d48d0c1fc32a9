import type { Metadata } from 'next';
import Link from 'next/link';
import { CallFilters } from '@/components/console/call-filters';
import { CallsTable } from '@/components/console/calls-table';
import { CursorNav } from '@/components/console/cursor-nav';
import { LiveRefresh } from '@/components/console/live-refresh';
import { RoleLimits } from '@/components/console/role-limits';
import { getCallDeps } from '@/lib/composition/root';
import { listCallPage } from '@/lib/calls/list-call-page';
import { callFilterQuery } from '@/lib/console/call-filter-query';
import { consoleOrg } from '@/lib/console/console-org';
import { queryProblem, readOrProblem } from '@/lib/console/org-page';
import { orgLiveVersion, type LiveVersion } from '@/lib/console/live-version';
import { withCursor, type SearchParams } from '@/lib/console/with-cursor';
import { isUuid } from '@/lib/platform/http/path-id';
import { siteOrigin } from '@/lib/site/site-origin';
import { ConsoleCallFilters } from '@/schemas/console';

export const metadata: Metadata = { title: 'Calls · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

const PAGE_SIZE = 50;

export default async function CallsPage({
  params,
  searchParams,
}: {
  params: Promise<{ org_id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { org_id } = await params;
  const search = await searchParams;
  const parsed = ConsoleCallFilters.safeParse(search);
  // The page's query starts beside the membership check (one round trip less); nothing of it is
  // shown unless the check passes, and a failed check (redirect, 404) leaves it unread.
  // The live version is read before the list it versions: a change in between makes one refresh
  // too many, never one too few.
  const pending =
    parsed.success && isUuid(org_id)
      ? (async () => {
          const deps = await getCallDeps();
          const orgId = org_id.toLowerCase();
          const live = await orgLiveVersion(deps.db, orgId);
          const listed = await listCallPage(
            deps,
            orgId,
            callFilterQuery(parsed.data, PAGE_SIZE),
            await siteOrigin(),
          );
          return { live, listed };
        })()
      : null;
  pending?.catch(() => undefined);
  const { org } = await consoleOrg(org_id, `/console/orgs/${org_id}/calls`);
  const read = pending ? await readOrProblem(pending) : null;
  const problem = parsed.success ? (read?.problem ?? null) : queryProblem(parsed.error);
  const page = read?.data?.listed ?? null;
  const live: LiveVersion | null = read?.data?.live ?? null;
  const exportQuery = withCursor(search, null);
  return (
    <>
      <h1>Calls</h1>
      {live?.live ? (
        <LiveRefresh
          versionUrl={`/console/api/orgs/${org.orgId}/calls/live`}
          version={live.version}
        />
      ) : null}
      <RoleLimits
        role={org.role}
        actions={[{ action: 'calls.write', text: 'stop calls or send their webhooks again' }]}
      />
      <CallFilters values={search} />
      <p>
        <a href={`/console/api/orgs/${org.orgId}/calls/export?${exportQuery}`} download>
          Download these calls as CSV
        </a>
      </p>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      {page && page.calls.length === 0 ? (
        <p data-testid="calls-empty">
          No calls match. Place one with <code>POST /v1/calls</code> (see the{' '}
          <Link href="/v1/docs" prefetch={false}>
            Voice API
          </Link>
          ) or clear the filters.
        </p>
      ) : null}
      {page && page.calls.length > 0 ? (
        <CallsTable orgId={org.orgId} calls={page.calls} caption="Calls, newest first" />
      ) : null}
      <CursorNav
        label="Pages of calls"
        search={search}
        nextCursor={page?.next_cursor}
        older="Older calls"
      />
    </>
  );
}
