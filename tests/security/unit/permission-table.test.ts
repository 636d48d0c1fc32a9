// The permission tables written out as the README documents them (roles → actions, routes →
// scopes), so a role given an action it must not have, or a route opened by the wrong scope, fails
// here in seconds. Written out, not read from the tables under test.
import { describe, expect, it } from 'vitest';
import {
  apiKeyScopes,
  defaultAgentScopes,
  keyAllows,
  keyScopes,
  memberActions,
  memberRoles,
  requiredAccess,
  requiredScope,
  roleAllows,
  rolePermissions,
  rolesAllowing,
  roleScopes,
  routeScopes,
  scopesBeyondRole,
  type MemberAction,
  type MemberRole,
} from '@/lib/accounts/access/permissions';

const all: MemberAction[] = [
  'org.read',
  'org.update',
  'org.delete',
  'ownership.manage',
  'members.read',
  'members.manage',
  'billing.read',
  'billing.manage',
  'billing.auto_top_up',
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
  'webhooks.secret',
  'usage.read',
  'audit.read',
  'agents.approve',
  'oauth.approve',
  'oauth.revoke',
];
const ownerOnly: MemberAction[] = ['org.delete', 'ownership.manage', 'billing.auto_top_up'];
const expected: Record<MemberRole, MemberAction[]> = {
  owner: all,
  admin: all.filter((action) => !ownerOnly.includes(action)),
  // keys, calls, batches, voices, webhooks (not the secret), usage; OAuth consent, agents
  developer: [
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
    'agents.approve',
    'oauth.approve',
  ],
  viewer: ['org.read', 'calls.read', 'batches.read', 'voices.read', 'usage.read'],
};

describe('roles → member actions', () => {
  it('knows every action and role, in order', () => {
    expect([...memberActions]).toEqual(all);
    expect([...memberRoles]).toEqual(['owner', 'admin', 'developer', 'viewer']);
  });

  it.each(memberRoles)('%s may do exactly what the README says, and nothing else', (role) => {
    expect([...rolePermissions[role]]).toEqual(expected[role]);
    for (const action of all)
      expect(roleAllows(role, action), `${role} ${action}`).toBe(expected[role].includes(action));
  });

  it('developers have no billing, members, audit or webhook secret; viewers only read', () => {
    for (const action of [
      'billing.read',
      'billing.manage',
      'billing.auto_top_up',
      'members.manage',
      'members.read',
      'audit.read',
      'webhooks.secret',
      'oauth.revoke',
      'org.update',
    ] as const)
      expect(roleAllows('developer', action), action).toBe(false);
    expect(roleAllows('viewer', 'calls.write')).toBe(false);
    expect(roleAllows('viewer', 'keys.manage')).toBe(false);
  });

  it('names the roles allowed an action, for checks made in a query', () => {
    expect(rolesAllowing('billing.manage')).toEqual(['owner', 'admin']);
    expect(rolesAllowing('billing.auto_top_up')).toEqual(['owner']);
    expect(rolesAllowing('keys.manage')).toEqual(['owner', 'admin', 'developer']);
    expect(rolesAllowing('calls.read')).toEqual(['owner', 'admin', 'developer', 'viewer']);
  });
});

describe('API key scopes', () => {
  it('are the fourteen documented scopes, and an agent is offered the six that build', () => {
    expect([...apiKeyScopes]).toEqual([
      'calls:read',
      'calls:write',
      'speech',
      'voices:read',
      'voices:write',
      'mcp:read',
      'mcp:write',
      'audit:read',
      'billing:read',
      'billing:write',
      'agents:read',
      'agents:write',
      'numbers:read',
      'numbers:write',
    ]);
    expect([...defaultAgentScopes]).toEqual([
      'calls:read',
      'calls:write',
      'speech',
      'voices:read',
      'mcp:read',
      'mcp:write',
    ]);
  });

  it('each role may give exactly its documented scopes, in the table’s order', () => {
    expect(roleScopes('owner')).toEqual([...apiKeyScopes]);
    expect(roleScopes('admin')).toEqual([...apiKeyScopes]);
    expect(roleScopes('developer')).toEqual([
      'calls:read',
      'calls:write',
      'speech',
      'voices:read',
      'voices:write',
      'mcp:read',
      'mcp:write',
      'agents:read',
      'agents:write',
      'numbers:read',
      'numbers:write',
    ]);
    expect(roleScopes('viewer')).toEqual([
      'calls:read',
      'voices:read',
      'mcp:read',
      'agents:read',
      'numbers:read',
    ]);
  });

  it('names each scope beyond a role, and a full-access key as every one of them', () => {
    expect(scopesBeyondRole(null, 'developer')).toEqual([
      'audit:read',
      'billing:read',
      'billing:write',
    ]);
    expect(scopesBeyondRole(null, 'viewer')).toEqual([
      'calls:write',
      'speech',
      'voices:write',
      'mcp:write',
      'audit:read',
      'billing:read',
      'billing:write',
      'agents:write',
      'numbers:write',
    ]);
    expect(scopesBeyondRole(['speech', 'calls:read'], 'viewer')).toEqual(['speech']);
    expect(scopesBeyondRole([], 'viewer')).toEqual([]);
  });

  it('reads what a stored key may use: old names expanded, cut to the maker’s role', () => {
    // NULL scopes: everything the maker's role may give.
    expect(keyScopes(null, 'viewer')).toEqual([
      'calls:read',
      'voices:read',
      'mcp:read',
      'agents:read',
      'numbers:read',
    ]);
    expect(keyScopes(null, 'admin')).toEqual([...apiKeyScopes]);
    // Only what the key names (mcp:write brings mcp:read, not the other way round).
    expect(keyScopes(['speech'], 'owner')).toEqual(['speech']);
    expect(keyScopes(['mcp:read'], 'owner')).toEqual(['mcp:read']);
    expect(keyScopes(['mcp:write', 'billing:read'], 'owner')).toEqual([
      'mcp:read',
      'mcp:write',
      'billing:read',
    ]);
    expect(keyScopes(['unknown', 'calls:read'], 'owner')).toEqual(['calls:read']);
    expect(keyScopes([], 'owner')).toEqual([]);
    expect(keyScopes(['calls:read'], null)).toEqual([]);
  });

  it('lets a key take a member action only while its maker’s role allows it', () => {
    const ownersKey = { scopes: ['billing:write'], makerRole: 'owner' as const };
    expect(keyAllows(ownersKey, 'billing:write', 'billing.auto_top_up')).toBe(true);
    expect(keyAllows(ownersKey, 'billing:write')).toBe(true);
    expect(keyAllows(ownersKey, 'calls:read', 'calls.read')).toBe(false);
    const developersKey = { scopes: ['calls:write'], makerRole: 'developer' as const };
    expect(keyAllows(developersKey, 'calls:write', 'calls.write')).toBe(true);
    expect(keyAllows(developersKey, 'calls:write', 'billing.manage')).toBe(false);
  });
});

describe('routes → scopes (the README’s scope table)', () => {
  const table: [string, string, string][] = [
    ['GET', '/v1/calls', 'calls:read'],
    ['POST', '/v1/calls', 'calls:write'],
    ['GET', '/v1/calls/c1', 'calls:read'],
    ['POST', '/v1/calls/c1/stop', 'calls:write'],
    ['POST', '/v1/calls/c1/analyze', 'calls:write'],
    ['GET', '/v1/calls/c1/recording', 'calls:read'],
    ['POST', '/v1/batches', 'calls:write'],
    ['GET', '/batch', 'calls:read'],
    ['GET', '/v1/postcall/webhooks/c1', 'calls:read'],
    ['POST', '/v1/postcall/webhooks/resend', 'calls:write'],
    ['POST', '/v1/speak', 'speech'],
    ['POST', '/v1/audio/shares', 'speech'],
    ['POST', '/v2/tts', 'speech'],
    ['GET', '/v2/tts/ws', 'speech'],
    ['POST', '/v2/audio/speech', 'speech'],
    ['GET', '/v1/voices', 'voices:read'],
    ['GET', '/v1/voices/v1', 'voices:read'],
    ['POST', '/v1/voices/v1/preview', 'voices:read'],
    ['DELETE', '/v1/voices/v1', 'voices:write'],
    ['POST', '/v1/voices/v1/promote', 'voices:write'],
    ['POST', '/v1/voices/clone', 'voices:write'],
    ['POST', '/v1/voices/professional', 'voices:write'],
    ['POST', '/v1/mcp', 'mcp:read'],
    ['GET', '/v1/audit-log', 'audit:read'],
    ['GET', '/v1/billing/ledger', 'billing:read'],
    ['POST', '/v1/billing/top-ups', 'billing:write'],
    ['GET', '/v1/billing/auto-top-up', 'billing:read'],
    ['PUT', '/v1/billing/auto-top-up', 'billing:write'],
    ['GET', '/v1/calling-rules', 'calls:read'],
    ['PUT', '/v1/calling-rules', 'calls:write'],
    ['GET', '/v1/agents', 'agents:read'],
    ['POST', '/v1/agents', 'agents:write'],
    ['GET', '/v1/agents/a1', 'agents:read'],
    ['PATCH', '/v1/agents/a1', 'agents:write'],
    ['DELETE', '/v1/agents/a1', 'agents:write'],
    ['GET', '/v1/agents/a1/versions', 'agents:read'],
    ['GET', '/v1/numbers', 'numbers:read'],
    ['POST', '/v1/numbers', 'numbers:write'],
    ['POST', '/v1/numbers/import', 'numbers:write'],
    ['PATCH', '/v1/numbers/%2B14155550110', 'numbers:write'],
    ['DELETE', '/v1/numbers/%2B14155550110', 'numbers:write'],
    ['POST', '/v1/numbers/%2B14155550110/test-call', 'calls:write'],
    ['GET', '/v1/dnc', 'calls:read'],
    ['POST', '/v1/dnc', 'calls:write'],
    ['DELETE', '/v1/dnc', 'calls:write'],
  ];

  it('opens each route to exactly one scope, and nothing else to any key', () => {
    expect(routeScopes).toHaveLength(table.length);
    for (const [method, path, scope] of table)
      expect(requiredScope(method, path), `${method} ${path}`).toBe(scope);
  });

  it("asks a member action only where the key maker's role must allow it too", () => {
    const actions: Record<string, string> = {
      'PUT /v1/billing/auto-top-up': 'billing.auto_top_up',
      'PUT /v1/calling-rules': 'org.update',
      'DELETE /v1/dnc': 'org.update',
    };
    for (const [method, path, scope] of table) {
      const action = actions[`${method} ${path}`];
      expect(requiredAccess(method, path), `${method} ${path}`).toEqual(
        action ? { scope, action } : { scope },
      );
    }
  });

  it('reads HEAD as GET, a trailing slash as none, and matches whole segments only', () => {
    expect(requiredScope('HEAD', '/v1/calls/c1/recording')).toBe('calls:read');
    expect(requiredScope('GET', '/v1/calls/')).toBe('calls:read');
    expect(requiredScope('PATCH', '/v1/calls')).toBeUndefined();
    expect(requiredScope('GET', '/v1/calls/c1/x')).toBeUndefined();
    expect(requiredScope('GET', '/v1/calls/c1/stop/x')).toBeUndefined();
    expect(requiredScope('GET', '/x/v1/calls')).toBeUndefined();
    expect(requiredScope('GET', '/v1/callsx')).toBeUndefined();
    expect(requiredScope('GET', '/v1/voices/a/b')).toBeUndefined();
    expect(requiredScope('GET', '/v1/voices//')).toBeUndefined();
  });
});
