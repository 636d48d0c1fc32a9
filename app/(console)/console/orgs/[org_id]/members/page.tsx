import type { Metadata } from 'next';
import { InviteMember } from '@/components/account/invite-member';
import { InvitationActions } from '@/components/console/invitation-actions';
import { MemberActions } from '@/components/console/member-actions';
import { RoleLimits } from '@/components/console/role-limits';
import { memberRoles } from '@/lib/accounts/access/permissions';
import { consoleOrg } from '@/lib/console/console-org';
import { formatTime } from '@/lib/console/format-time';
import { getDb } from '@/lib/composition/adapters';
import { listInvitations } from '@/lib/accounts/members/list-invitations';
import { listMembers } from '@/lib/accounts/members/list-members';

export const metadata: Metadata = { title: 'Members · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** The team: members with role and since when, role changes, removal, leaving, invitations. */
export default async function MembersPage({ params }: { params: Promise<{ org_id: string }> }) {
  const { org_id } = await params;
  const { org, user, can } = await consoleOrg(org_id, `/console/orgs/${org_id}/members`);
  const manage = can('members.manage');
  const owner = can('ownership.manage');
  const db = await getDb();
  const [members, invitations] = await Promise.all([
    can('members.read') ? listMembers(db, org.orgId) : Promise.resolve([]),
    manage ? listInvitations(db, org.orgId, new Date()) : Promise.resolve([]),
  ]);
  // Who may give which role: an owner any; an admin any but owner, and never to an owner.
  const givable = memberRoles.filter((r) => r !== 'owner' || owner);
  const rolesFor = (role: string) => (role === 'owner' && !owner ? [] : givable);
  return (
    <>
      <h1>Members</h1>
      <RoleLimits
        role={org.role}
        actions={[
          { action: 'members.read', text: 'see the other members' },
          { action: 'members.manage', text: 'invite, remove or change roles' },
        ]}
      />
      <ul className="rules" data-testid="member-rules">
        <li>
          An organization always keeps an owner: the last owner cannot leave, be removed or lose the
          owner role.
        </li>
        <li>
          Only an owner can make someone an owner or change an owner&apos;s role; admins manage the
          other roles.
        </li>
        <li>
          Lowering a role cuts that member&apos;s API keys to what the new role allows; removing or
          leaving revokes them. The owners get an email listing the keys.
        </li>
        <li>An invitation works once, for its email address, and expires after 7 days.</li>
      </ul>
      {can('members.read') ? (
        <div className="table-scroll">
          <table data-testid="members-table">
            <caption className="visually-hidden">Members of {org.name}</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Role</th>
                <th scope="col">Since</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.userId} data-testid="member-row" data-email={m.email}>
                  <td className="wrap-anywhere">
                    {m.name ? (
                      <>
                        {m.name}
                        <br />
                      </>
                    ) : null}
                    <span className="meta">{m.email}</span>
                    {m.userId === user.id ? <span className="meta"> (you)</span> : null}
                  </td>
                  <td data-testid="member-role">{m.role}</td>
                  <td>{formatTime(m.joinedAt)}</td>
                  <td>
                    <MemberActions
                      orgId={org.orgId}
                      userId={m.userId}
                      email={m.email}
                      role={m.role}
                      roles={rolesFor(m.role)}
                      self={m.userId === user.id}
                      manage={manage}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <>
          <p>
            You are a member as <strong>{org.role}</strong>.
          </p>
          <MemberActions
            orgId={org.orgId}
            userId={user.id}
            email={user.email}
            role={org.role}
            roles={[]}
            self
            manage={false}
          />
        </>
      )}
      {manage ? (
        <>
          <h2>Pending invitations</h2>
          {invitations.length === 0 ? (
            <p data-testid="invitations-empty">No invitation is waiting for an answer.</p>
          ) : (
            <div className="table-scroll">
              <table data-testid="invitations-table">
                <caption className="visually-hidden">Pending invitations</caption>
                <thead>
                  <tr>
                    <th scope="col">Email</th>
                    <th scope="col">Role</th>
                    <th scope="col">Expires</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {invitations.map((i) => (
                    <tr key={i.invitationId} data-testid="invitation-row" data-email={i.email}>
                      <td className="wrap-anywhere">{i.email}</td>
                      <td>{i.role}</td>
                      <td>{formatTime(i.expiresAt)}</td>
                      <td>
                        <InvitationActions
                          orgId={org.orgId}
                          invitationId={i.invitationId}
                          email={i.email}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h2>Invite a member</h2>
          <InviteMember orgId={org.orgId} roles={givable} />
        </>
      ) : null}
    </>
  );
}
