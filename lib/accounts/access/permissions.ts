// Who may do what, in one place: member roles → console actions, API key scopes → routes.
// Routes, server actions, tools and pages read these tables; nothing else compares role names.
import { memberRoles, type MemberRole } from '../../adapters/db/schema/members';
import { apiKeyScopes } from '../../../schemas/stored-values';

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
  'agents.approve', // an agent key it approves is bounded by the developer's scopes, like its own
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

export type ApiKeyScope = (typeof apiKeyScopes)[number];

/**
 * What a scope lets a key do, as member actions: a member may give a key a scope only when their
 * role allows all of them (the ceiling), and a key uses it only while its maker's role still does.
 */
const scopeActions: Record<ApiKeyScope, readonly MemberAction[]> = {
  'calls:read': ['calls.read', 'batches.read'],
  'calls:write': ['calls.write', 'batches.write'],
  speech: ['calls.write'], // spends the wallet as a call does
  'voices:read': ['voices.read'],
  'voices:write': ['voices.write'],
  'mcp:read': ['calls.read', 'voices.read'],
  'mcp:write': ['calls.write'],
  'audit:read': ['audit.read'],
  'billing:read': ['billing.read'],
  'billing:write': ['billing.manage'],
  // A saved agent is a call's settings kept for reuse: who may read or place calls may read or
  // save agents (developers and above save; viewers read).
  'agents:read': ['calls.read'],
  'agents:write': ['calls.write'],
  // A number is where calls come in and go out from; renting one spends the wallet as a call does.
  'numbers:read': ['calls.read'],
  'numbers:write': ['calls.write'],
};

/** Scopes a stored key may name that stand for others: `mcp` (before the split) is both halves. */
const scopeIncludes: Partial<Record<string, readonly ApiKeyScope[]>> = {
  mcp: ['mcp:read', 'mcp:write'],
  'mcp:write': ['mcp:read'],
};

/** The scopes a member of `role` may give a key (the ceiling). */
export function roleScopes(role: MemberRole): ApiKeyScope[] {
  return apiKeyScopes.filter((scope) => scopeActions[scope].every((a) => roleAllows(role, a)));
}

/** The scopes in `scopes` a member of `role` may not give; NULL (full access) is every scope. */
export function scopesBeyondRole(scopes: readonly string[] | null, role: MemberRole): string[] {
  const ceiling: readonly string[] = roleScopes(role);
  return (scopes ?? apiKeyScopes).filter((scope) => !ceiling.includes(scope));
}

/**
 * What a key may use: its scopes (NULL: all; old names read as what they stand for), cut to what
 * its maker's current role allows. `makerRole` NULL: the maker is no longer a member — nothing.
 */
export function keyScopes(
  scopes: readonly string[] | null,
  makerRole: MemberRole | null,
): ApiKeyScope[] {
  if (makerRole === null) return [];
  const held = new Set<string>(scopes ?? apiKeyScopes);
  for (const scope of scopes ?? []) for (const s of scopeIncludes[scope] ?? []) held.add(s);
  return roleScopes(makerRole).filter((scope) => held.has(scope));
}

/** An API key as the request-time check sees it. */
export interface KeyGrant {
  /** NULL: a key made before scopes existed (full access). */
  scopes: readonly string[] | null;
  /** Its maker's role now (`owner` for an operator-issued key); NULL: no longer a member. */
  makerRole: MemberRole | null;
}

/**
 * The one request-time check: the key carries `scope`, its maker's current role allows it, and,
 * for a route that takes a member action (owner-only ones), the maker's role allows that too.
 */
export function keyAllows(key: KeyGrant, scope: ApiKeyScope, action?: MemberAction): boolean {
  if (!keyScopes(key.scopes, key.makerRole).includes(scope)) return false;
  return action === undefined || (key.makerRole !== null && roleAllows(key.makerRole, action));
}

/** What the device-authorization page ticks by default for an agent. */
export const defaultAgentScopes: readonly ApiKeyScope[] = [
  'calls:read',
  'calls:write',
  'speech',
  'voices:read',
  'mcp:read',
  'mcp:write',
];

/** What a route needs of a key: a scope and, where its maker's role matters, a member action. */
export interface RouteAccess {
  scope: ApiKeyScope;
  /** Set where the scope is coarser than the route (owner-only settings): the maker needs it. */
  action?: MemberAction;
}

/** Every route an API key opens, with what it needs ({x} is one path segment). */
export const routeScopes: readonly ({ method: string; path: string } & RouteAccess)[] = [
  { method: 'GET', path: '/v1/calls', scope: 'calls:read' },
  { method: 'POST', path: '/v1/calls', scope: 'calls:write' },
  { method: 'GET', path: '/v1/calls/{call_id}', scope: 'calls:read' },
  { method: 'POST', path: '/v1/calls/{call_id}/stop', scope: 'calls:write' },
  { method: 'POST', path: '/v1/calls/{call_id}/analyze', scope: 'calls:write' },
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
  { method: 'POST', path: '/v1/mcp', scope: 'mcp:read' }, // each tool checks its own scope
  { method: 'GET', path: '/v1/audit-log', scope: 'audit:read' },
  { method: 'GET', path: '/v1/billing/ledger', scope: 'billing:read' },
  { method: 'POST', path: '/v1/billing/top-ups', scope: 'billing:write' },
  { method: 'GET', path: '/v1/billing/auto-top-up', scope: 'billing:read' },
  { method: 'GET', path: '/v1/calling-rules', scope: 'calls:read' },
  // Which calls may be placed is the organization's decision: owners and admins make it.
  { method: 'PUT', path: '/v1/calling-rules', scope: 'calls:write', action: 'org.update' },
  { method: 'GET', path: '/v1/agents', scope: 'agents:read' },
  { method: 'POST', path: '/v1/agents', scope: 'agents:write' },
  { method: 'GET', path: '/v1/agents/{agent_id}', scope: 'agents:read' },
  { method: 'PATCH', path: '/v1/agents/{agent_id}', scope: 'agents:write' },
  { method: 'DELETE', path: '/v1/agents/{agent_id}', scope: 'agents:write' },
  { method: 'GET', path: '/v1/agents/{agent_id}/versions', scope: 'agents:read' },
  { method: 'GET', path: '/v1/numbers', scope: 'numbers:read' },
  { method: 'POST', path: '/v1/numbers', scope: 'numbers:write' },
  { method: 'POST', path: '/v1/numbers/import', scope: 'numbers:write' },
  { method: 'PATCH', path: '/v1/numbers/{number}', scope: 'numbers:write' },
  { method: 'DELETE', path: '/v1/numbers/{number}', scope: 'numbers:write' },
  // A simulated call costs nothing but shows the number's agent at work: who may place calls.
  { method: 'POST', path: '/v1/numbers/{number}/test-call', scope: 'calls:write' },
  { method: 'GET', path: '/v1/dnc', scope: 'calls:read' },
  { method: 'POST', path: '/v1/dnc', scope: 'calls:write' },
  // Calling a number again that asked not to be called: owners and admins only.
  { method: 'DELETE', path: '/v1/dnc', scope: 'calls:write', action: 'org.update' },
  {
    method: 'PUT',
    path: '/v1/billing/auto-top-up',
    scope: 'billing:write',
    action: 'billing.auto_top_up',
  },
];

const compiled = routeScopes.map((route) => ({
  ...route,
  regex: new RegExp(`^${route.path.replace(/\{[a-z_]+\}/g, '[^/]+')}/?$`),
}));

/** What a request needs; undefined for a path no key opens. Literal paths win over {x}. */
export function requiredAccess(method: string, pathname: string): RouteAccess | undefined {
  const verb = method === 'HEAD' ? 'GET' : method;
  const matches = compiled.filter((r) => r.method === verb && r.regex.test(pathname));
  const route = matches.find((r) => !r.path.includes('{')) ?? matches[0];
  if (!route) return undefined;
  return route.action ? { scope: route.scope, action: route.action } : { scope: route.scope };
}

/** The scope a request needs; undefined for a path no key opens. */
export function requiredScope(method: string, pathname: string): ApiKeyScope | undefined {
  return requiredAccess(method, pathname)?.scope;
}

export { apiKeyScopes };
