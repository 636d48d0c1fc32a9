import type { Metadata } from 'next';
import Link from 'next/link';
import { AuditChanges } from '@/components/console/audit-changes';
import { CursorNav } from '@/components/console/cursor-nav';
import { RoleLimits } from '@/components/console/role-limits';
import { listAuditLog } from '@/lib/accounts/audit/list-audit-log';
import { openOrgPage, type OrgPageProps } from '@/lib/console/org-page';
import { withCursor } from '@/lib/console/with-cursor';
import { getDb } from '@/lib/composition/adapters';
import { listMembers } from '@/lib/accounts/members/list-members';
import { ConsoleAuditFilters } from '@/schemas/console';
import { formatTime } from '@/lib/console/format-time';

export const metadata: Metadata = { title: 'Audit log · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

const PAGE_SIZE = 50;
const actorTypes = {
  user: 'Member',
  api_key: 'API key',
  admin: 'Operator',
  agent: 'Agent',
  system: 'System',
};
const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

export default async function AuditPage(props: OrgPageProps<{ org_id: string }>) {
  const { org, can, search } = await openOrgPage(props, '/audit');
  if (!can('audit.read')) {
    return (
      <>
        <h1>Audit log</h1>
        <RoleLimits
          role={org.role}
          actions={[{ action: 'audit.read', text: 'read the audit log' }]}
        />
      </>
    );
  }
  const db = await getDb();
  const parsed = ConsoleAuditFilters.safeParse(search);
  const filters = parsed.success ? parsed.data : {};
  const [page, members] = await Promise.all([
    listAuditLog(db, org.orgId, { ...filters, limit: PAGE_SIZE }),
    listMembers(db, org.orgId),
  ]);
  const email = new Map(members.map((m) => [m.userId, m.email]));
  const actors = [...members.map((m) => [m.userId, m.email] as const)];
  if (filters.actor && !email.has(filters.actor)) actors.push([filters.actor, filters.actor]);
  const link = (key: 'action' | 'actor', value: string) =>
    `?${withCursor({ ...search, [key]: value }, null)}`;
  return (
    <>
      <h1>Audit log</h1>
      <p>Every change to keys, members, invitations, limits, money and voices, newest first.</p>
      <form className="filters" method="get" aria-label="Filter the audit log">
        <label>
          Action
          <input
            name="action"
            list="audit-actions"
            placeholder="key.create"
            defaultValue={text(search.action)}
          />
        </label>
        <datalist id="audit-actions">
          {[...new Set(page.events.map((e) => e.action))].map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
        <label>
          Who
          <select name="actor" defaultValue={text(search.actor)}>
            <option value="">Anyone</option>
            {actors.map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button className="button" type="submit">
          Filter
        </button>{' '}
        {search.action || search.actor ? (
          <Link href="?" prefetch={false}>
            Clear filters
          </Link>
        ) : null}
      </form>
      {!parsed.success ? (
        <p className="form-error" role="alert">
          {`The filter ${parsed.error.issues[0]!.path.join('.')} ${parsed.error.issues[0]!.message}. Correct it and filter again.`}
        </p>
      ) : null}
      {page.events.length === 0 ? (
        <p data-testid="audit-empty">
          Nothing{' '}
          {search.action || search.actor ? 'matches these filters' : 'has been recorded yet'}.
        </p>
      ) : (
        <div className="table-scroll">
          <table data-testid="audit-table">
            <caption className="visually-hidden">Audit log of {org.name}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {page.events.map((event) => (
                <tr key={event.id} data-testid="audit-row" data-action={event.action}>
                  <td>{formatTime(event.at, '—', { seconds: true })}</td>
                  <td className="audit-who">
                    {actorTypes[event.actor.type]}{' '}
                    {event.actor.id ? (
                      <Link href={link('actor', event.actor.id)} prefetch={false}>
                        {email.get(event.actor.id) ?? event.actor.id}
                      </Link>
                    ) : null}
                    {event.ip ? <span className="meta"> from {event.ip}</span> : null}
                  </td>
                  <td>
                    <Link href={link('action', event.action)} prefetch={false}>
                      {event.action}
                    </Link>
                    {event.target ? (
                      <span className="meta audit-target">
                        {event.target.type} {event.target.id}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <AuditChanges before={event.before} after={event.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CursorNav
        label="Pages of the audit log"
        search={search}
        nextCursor={page.next_cursor}
        older="Older entries"
      />
    </>
  );
}
