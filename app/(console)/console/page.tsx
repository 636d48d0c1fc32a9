import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AccountSecurity } from '@/components/account/account-security';
import { InviteMember } from '@/components/account/invite-member';
import { OrgKeys } from '@/components/account/org-keys';
import { SignOutButton } from '@/components/account/sign-out-button';
import { memberRoles, roleAllows, roleScopes } from '@/lib/access/permissions';
import { currentUser } from '@/lib/auth/current-session';
import { getDb } from '@/lib/db';
import { listAuditLog } from '@/lib/audit/list-audit-log';
import { listMemberOrgs } from '@/lib/orgs/list-member-orgs';
import { microsToUsd } from '@/lib/orgs/money';

export const metadata: Metadata = { title: 'Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

export default async function ConsolePage() {
  const user = await currentUser();
  if (!user) redirect('/sign-in');
  const db = await getDb();
  const orgs = await listMemberOrgs(db, user.id);
  // The newest audit rows of each org the member may audit (owners and admins).
  const audits = new Map(
    await Promise.all(
      orgs
        .filter((org) => roleAllows(org.role, 'audit.read'))
        .map(
          async (org) =>
            [org.orgId, (await listAuditLog(db, org.orgId, { limit: 20 })).events] as const,
        ),
    ),
  );
  return (
    <section className="section">
      <div className="container">
        <h1>Console</h1>
        <p data-testid="signed-in-as">
          Signed in as <strong>{user.name || user.email}</strong> ({user.email})
        </p>
        <h2>Your organizations</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Organization</th>
              <th scope="col">Your role</th>
              <th scope="col">Balance</th>
              <th scope="col">Id</th>
            </tr>
          </thead>
          <tbody>
            {orgs.map((org) => (
              <tr key={org.orgId} data-testid="org-row">
                <td>{org.name}</td>
                <td>{org.role}</td>
                <td>${microsToUsd(org.balanceMicros).toFixed(2)}</td>
                <td>
                  <code>{org.orgId}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Approving an agent? Open <a href="/console/device">the agent approval page</a> with the
          code it shows.
        </p>
        {orgs.map((org) => (
          <section key={org.orgId} aria-labelledby={`org-${org.orgId}`}>
            <h2 id={`org-${org.orgId}`}>{org.name}</h2>
            <p>
              <Link href={`/console/orgs/${org.orgId}/calls`} prefetch={false}>
                Calls of {org.name}
              </Link>
            </p>
            {roleAllows(org.role, 'keys.read') ? (
              <>
                <h3>API keys</h3>
                {/* Only the scopes this member's role may give a key. */}
                <OrgKeys orgId={org.orgId} scopes={roleScopes(org.role)} />
              </>
            ) : null}
            {audits.get(org.orgId)?.length ? (
              <>
                <h3>Audit log (newest 20)</h3>
                <table data-testid="audit-log">
                  <caption className="visually-hidden">Audit log of {org.name}</caption>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Who</th>
                      <th scope="col">What</th>
                      <th scope="col">Target</th>
                    </tr>
                  </thead>
                  <tbody>
                    {audits.get(org.orgId)!.map((event) => (
                      <tr key={event.id}>
                        <td>{event.at.slice(0, 19).replace('T', ' ')}</td>
                        <td>
                          {event.actor.type}
                          {event.actor.id ? ` ${event.actor.id}` : ''}
                        </td>
                        <td>{event.action}</td>
                        <td>{event.target ? `${event.target.type} ${event.target.id}` : ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            ) : null}
            {roleAllows(org.role, 'members.manage') ? (
              <>
                <h3>Invite a member</h3>
                <InviteMember
                  orgId={org.orgId}
                  roles={memberRoles.filter(
                    (role) => role !== 'owner' || roleAllows(org.role, 'ownership.manage'),
                  )}
                />
              </>
            ) : null}
          </section>
        ))}
        <section aria-labelledby="security">
          <h2 id="security">Passkeys and sessions</h2>
          <AccountSecurity />
        </section>
        <p>
          <SignOutButton />
        </p>
      </div>
    </section>
  );
}
