// The accounts context's door: what other contexts and the composition root may use of users,
// sessions, organizations, members, access, keys and the audit log. Accounts sit at the bottom of
// the contexts: nothing here imports another context (the wallet's starting credit is handed in).
export { type KeyGrant, type MemberAction, roleAllows, rolesAllowing } from './access/permissions';
export { findMembership } from './access/require-member';
export { type AuditActor, type AuditEntry, recordAudit } from './audit/record-audit';
export { currentUser, type SessionUser } from './auth/current-session';
export { getAuth } from './auth/get-auth';
export { handleAuthRequest } from './auth/handle-auth-request';
export { provideSignUpCredit } from './auth/sign-up-credit';
export { mailOwners } from './members/mail-owners';
export { API_KEY_PREFIX } from './orgs/api-key';
export {
  type AuthenticatedOrg,
  authenticateOrg,
  keyMcpScopes,
  requireScope,
} from './orgs/authenticate-org';
export { createOrg, type CreatedOrg } from './orgs/create-org';
export { getOrgOrThrow, type OrgRow } from './orgs/get-org';
export { type GrantStartingCredit, type StartingCredit } from './orgs/insert-org';
export { keyJson } from './orgs/key-json';
export { listMemberOrgs, type MemberOrg } from './orgs/list-member-orgs';
export { listOrgKeys } from './orgs/list-org-keys';
