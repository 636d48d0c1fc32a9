// The accounts context's door: what other contexts may use of users, organizations, members,
// access and the audit log. Older imports that still reach past it are on the dependency rule's
// known list (.dependency-cruiser-known-violations.json).
export { recordAudit, type AuditActor } from './audit/record-audit';
