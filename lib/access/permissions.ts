// Who may do what, in one place: member roles → console actions, API key scopes → routes.
// Routes, server actions, tools and pages read these tables; nothing else compares role names.
import { memberRoles, type MemberRole } from '../db/schema/members';

export { memberRoles, type MemberRole };

/** Every action a member can take on an organization. */
export const memberActions = [
  'org.read',
  'org.update',
  'org.delete',
  'ownership.manage', // grant or take the owner role
  'members.read',
  'members.manage', // invite, remove, change roles below owner
  'billing.read',
  'billing.manage',
  'billing.auto_top_up', // auto top-up and low-balance mail settings (they charge a saved card)
  'keys.read',
  'keys.manage', // create, rotate, revoke
  'calls.read',
  'calls.write',
  'batches.read',
  'batches.write',
  'voices.read',
  'voices.write',
  'webhooks.read',
  'webhooks.write',
  'webhooks.secret', // see and rotate the signing secret of post-call webhooks
  'usage.read',
  'audit.read',
  'agents.approve', // device authorization of an agent key
  'oauth.approve', // consent to an OAuth client on the tool server
  'oauth.revoke', // end a connected OAuth client's access to the org
] as const;
export type MemberAction = (typeof memberActions)[number];

const everything = memberActions;
const developer: readonly MemberAction[] = [
  'org.read',
  'keys.read',
  'keys.manage',
  'calls.read',
  'calls.write',
  'batches.read',
  'batches.write',
  'voices.read',
  'voices.write',
  'webhooks.read',
  'webhooks.write',
  'usage.read',
  'oauth.approve',
];
const viewer: readonly MemberAction[] = [
  'org.read',
  'calls.read',
  'batches.read',
  'voices.read',
  'usage.read',
];

/** Only owners: the org itself, its ownership, and recharges of the saved card. */
const ownerOnly: readonly MemberAction[] = [
  'org.delete',
  'ownership.manage',
  'billing.auto_top_up',
];

/** owner: everything; admin: all but the owner-only actions; developer: build; viewer: read. */
export const rolePermissions: Record<MemberRole, readonly MemberAction[]> = {
  owner: everything,
  admin: everything.filter((a) => !ownerOnly.includes(a)),
  developer,
  viewer,
};

export function roleAllows(role: MemberRole, action: MemberAction): boolean {
  return rolePermissions[role].includes(action);
}

/** The roles whose members may take `action` (for checks made inside a database query). */
export function rolesAllowing(action: MemberAction): MemberRole[] {
  return memberRoles.filter((role) => roleAllows(role, action));
}

/** The scopes an API key can carry. Keys made before scopes existed carry none and may do all. */
export const apiKeyScopes = [
  'calls:read',
  'calls:write', // dispatch, stop, batches
  'speech', // every speech surface
  'voices:read',
  'voices:write', // clone, delete, promote
  'mcp', // the tool server (its tools still check mcp:read / mcp:write: a key with mcp has both)
  'audit:read',
  'billing:read', // the wallet's ledger, the auto top-up settings
  'billing:write', // starting a top-up (a person still pays at the checkout), auto top-up settings
] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** What the device-authorization page ticks by default for an agent. */
export const defaultAgentScopes: readonly ApiKeyScope[] = [
  'calls:read',
  'calls:write',
  'speech',
  'voices:read',
  'mcp',
];

/** Every route an API key opens, with the scope it needs ({x} is one path segment). */
export const routeScopes: readonly { method: string; path: string; scope: ApiKeyScope }[] = [
  { method: 'GET', path: '/v1/calls', scope: 'calls:read' },
  { method: 'POST', path: '/v1/calls', scope: 'calls:write' },
  { method: 'GET', path: '/v1/calls/{call_id}', scope: 'calls:read' },
  { method: 'POST', path: '/v1/calls/{call_id}/stop', scope: 'calls:write' },
  { method: 'GET', path: '/v1/calls/{call_id}/recording', scope: 'calls:read' },
  { method: 'POST', path: '/v1/batches', scope: 'calls:write' },
  { method: 'GET', path: '/batch', scope: 'calls:read' },
  { method: 'GET', path: '/v1/postcall/webhooks/{call_id}', scope: 'calls:read' },
  { method: 'POST', path: '/v1/postcall/webhooks/resend', scope: 'calls:write' },
  { method: 'POST', path: '/v1/speak', scope: 'speech' },
  { method: 'POST', path: '/v1/audio/shares', scope: 'speech' },
  { method: 'POST', path: '/v2/tts', scope: 'speech' },
  { method: 'GET', path: '/v2/tts/ws', scope: 'speech' },
  { method: 'POST', path: '/v2/audio/speech', scope: 'speech' },
  { method: 'GET', path: '/v1/voices', scope: 'voices:read' },
  { method: 'GET', path: '/v1/voices/{voice_id}', scope: 'voices:read' },
  { method: 'POST', path: '/v1/voices/{voice_id}/preview', scope: 'voices:read' },
  { method: 'DELETE', path: '/v1/voices/{voice_id}', scope: 'voices:write' },
  { method: 'POST', path: '/v1/voices/{voice_id}/promote', scope: 'voices:write' },
  { method: 'POST', path: '/v1/voices/clone', scope: 'voices:write' },
  { method: 'POST', path: '/v1/voices/professional', scope: 'voices:write' },
  { method: 'POST', path: '/v1/mcp', scope: 'mcp' },
  { method: 'GET', path: '/v1/audit-log', scope: 'audit:read' },
  { method: 'GET', path: '/v1/billing/ledger', scope: 'billing:read' },
  { method: 'POST', path: '/v1/billing/top-ups', scope: 'billing:write' },
  { method: 'GET', path: '/v1/billing/auto-top-up', scope: 'billing:read' },
  { method: 'PUT', path: '/v1/billing/auto-top-up', scope: 'billing:write' },
];

const compiled = routeScopes.map((route) => ({
  ...route,
  regex: new RegExp(`^${route.path.replace(/\{[a-z_]+\}/g, '[^/]+')}/?$`),
}));

/** The scope a request needs; undefined for a path no key opens. Literal paths win over {x}. */
export function requiredScope(method: string, pathname: string): ApiKeyScope | undefined {
  const verb = method === 'HEAD' ? 'GET' : method;
  const matches = compiled.filter((r) => r.method === verb && r.regex.test(pathname));
  const literal = matches.find((r) => !r.path.includes('{'));
  return (literal ?? matches[0])?.scope;
}

/** Whether a key's scopes allow `scope`; NULL scopes are the full access of pre-scope keys. */
export function scopesAllow(scopes: readonly string[] | null, scope: ApiKeyScope): boolean {
  return scopes === null || scopes.includes(scope);
}
