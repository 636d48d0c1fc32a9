import { roleAllows, type MemberAction, type MemberRole } from '@/lib/accounts/access/permissions';

/** Says up front what the member's role cannot do on this page, instead of failing on submit. */
export function RoleLimits({
  role,
  actions,
}: {
  role: MemberRole;
  actions: { action: MemberAction; text: string }[];
}) {
  const denied = actions.filter((a) => !roleAllows(role, a.action));
  if (denied.length === 0) return null;
  return (
    <p className="role-limits" data-testid="role-limits">
      {`Your role (${role}) cannot ${denied.map((a) => a.text).join(', ')}; an owner or admin can change your role.`}
    </p>
  );
}
