import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ConsoleMain } from '@/components/console/console-shell';
import { DeviceApproval } from '@/components/account/device-approval';
import {
  apiKeyScopes,
  defaultAgentScopes,
  roleAllows,
  roleScopes,
} from '@/lib/accounts/access/permissions';
import { currentUser } from '@/lib/accounts/auth/current-session';
import { getDb } from '@/lib/composition/adapters';
import { findOnboarding } from '@/lib/accounts/onboarding/find-onboarding';
import { listMemberOrgs } from '@/lib/accounts/orgs/list-member-orgs';

export const metadata: Metadata = { title: 'Approve an agent', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The verification page of agent onboarding (RFC 8628 verification_uri). */
export default async function DevicePage({ searchParams }: { searchParams: Search }) {
  const query = await searchParams;
  const typed = typeof query.user_code === 'string' ? query.user_code.slice(0, 16) : '';
  const user = await currentUser();
  if (!user) {
    const here = `/console/device${typed ? `?user_code=${encodeURIComponent(typed)}` : ''}`;
    redirect(`/sign-in?next=${encodeURIComponent(here)}`);
  }
  const db = await getDb();
  const onboarding = typed ? await findOnboarding(db, typed, new Date()) : null;
  const orgs = (await listMemberOrgs(db, user.id)).filter((o) =>
    roleAllows(o.role, 'agents.approve'),
  );
  // The approver is the agent key's maker: offer what one of their roles may give (the server
  // checks the chosen org's role).
  const givable = apiKeyScopes.filter((s) => orgs.some((o) => roleScopes(o.role).includes(s)));
  return (
    <ConsoleMain>
      <h1>Approve an agent</h1>
      {!typed ? (
        <form className="form-card form-grid" method="get">
          <div className="field">
            <label htmlFor="user_code">Code the agent shows</label>
            <input id="user_code" name="user_code" required maxLength={16} autoComplete="off" />
          </div>
          <div>
            <button className="button" type="submit">
              Continue
            </button>
          </div>
        </form>
      ) : !onboarding ? (
        <p role="alert">No agent is waiting with this code. Check it and try again.</p>
      ) : !onboarding.decidable ? (
        <p role="alert">This code is {onboarding.status}; ask the agent to start again.</p>
      ) : (
        <DeviceApproval
          userCode={onboarding.userCode}
          clientName={onboarding.clientName}
          orgs={orgs.map((o) => ({ orgId: o.orgId, name: o.name }))}
          scopes={givable}
          defaultScopes={defaultAgentScopes.filter((s) => givable.includes(s))}
        />
      )}
    </ConsoleMain>
  );
}
