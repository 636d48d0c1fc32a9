import type { Metadata } from 'next';
import { RevokeAppButton } from '@/components/console/revoke-app-button';
import { RoleLimits } from '@/components/console/role-limits';
import { consoleOrg } from '@/lib/console/console-org';
import { getDb } from '@/lib/composition/adapters';
import { listConnectedApps } from '@/lib/tool-server/oauth/list-connected-apps';
import { formatTime } from '@/lib/console/format-time';

export const metadata: Metadata = { title: 'Connected apps · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** OAuth clients (MCP apps) a member connected to this org on the tool server's consent page. */
export default async function ConnectedAppsPage({
  params,
}: {
  params: Promise<{ org_id: string }>;
}) {
  const { org_id } = await params;
  const { org, can } = await consoleOrg(org_id, `/console/orgs/${org_id}/connected-apps`);
  const apps = await listConnectedApps(await getDb(), org.orgId, new Date());
  return (
    <>
      <h1>Connected apps</h1>
      <p>
        Applications a member approved to use the tool server for {org.name}. Revoking one ends its
        access and refresh tokens at once; it must be approved again.
      </p>
      <RoleLimits role={org.role} actions={[{ action: 'oauth.revoke', text: 'revoke an app' }]} />
      {apps.length === 0 ? (
        <p data-testid="no-connected-apps">No application is connected.</p>
      ) : (
        <div className="table-scroll">
          <table data-testid="connected-apps">
            <caption className="visually-hidden">Applications connected to {org.name}</caption>
            <thead>
              <tr>
                <th scope="col">Application</th>
                <th scope="col">Permissions</th>
                <th scope="col">Approved by</th>
                <th scope="col">Active until</th>
                {can('oauth.revoke') ? <th scope="col">Action</th> : null}
              </tr>
            </thead>
            <tbody>
              {apps.map((app) => (
                <tr key={app.clientId} data-testid="connected-app">
                  <th scope="row">
                    {app.name}
                    <br />
                    <small>
                      <code>{app.clientId}</code>
                    </small>
                  </th>
                  <td>{app.scopes.join(', ')}</td>
                  <td>{app.approvedBy.join(', ') || 'an API key'}</td>
                  <td>{formatTime(app.activeUntil)}</td>
                  {can('oauth.revoke') ? (
                    <td>
                      <RevokeAppButton orgId={org.orgId} clientId={app.clientId} name={app.name} />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
