// The enforcement behind "keys never outrank their maker": the role → scope ceiling and the
// request-time check, so a wrong entry in the permission table fails here in seconds.
import { describe, expect, it } from 'vitest';
import {
  apiKeyScopes,
  keyAllows,
  keyScopes,
  memberRoles,
  requiredAccess,
  roleAllows,
  roleScopes,
  routeScopes,
  scopesBeyondRole,
  type MemberRole,
} from '@/lib/accounts/access/permissions';
import { keyMcpScopes } from '@/lib/accounts/orgs/authenticate-org';

describe('the role → scope ceiling', () => {
  it('is written out here, not read from the table under test', () => {
    expect(roleScopes('owner')).toEqual([...apiKeyScopes]);
    expect(roleScopes('admin')).toEqual([...apiKeyScopes]);
    expect(new Set(roleScopes('developer'))).toEqual(
      new Set([
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
      ]),
    );
    expect(new Set(roleScopes('viewer'))).toEqual(
      new Set(['calls:read', 'voices:read', 'mcp:read', 'agents:read', 'numbers:read']),
    );
  });

  it('names what a role may not give', () => {
    expect(scopesBeyondRole(['billing:write', 'calls:read', 'audit:read'], 'developer')).toEqual([
      'billing:write',
      'audit:read',
    ]);
    expect(scopesBeyondRole(['billing:write'], 'admin')).toEqual([]);
    expect(scopesBeyondRole(['mcp:write'], 'viewer')).toEqual(['mcp:write']);
    // A full-access key (NULL scopes) is beyond every role but the owner's.
    expect(scopesBeyondRole(null, 'owner')).toEqual([]);
    expect(scopesBeyondRole(null, 'admin')).toEqual([]);
    expect(scopesBeyondRole(null, 'developer')).toContain('billing:write');
  });

  it('reads the old mcp scope as both, and mcp:write as including mcp:read', () => {
    expect(keyScopes(['mcp'], 'owner')).toEqual(['mcp:read', 'mcp:write']);
    expect(keyScopes(['mcp:write'], 'developer')).toEqual(['mcp:read', 'mcp:write']);
    expect(keyScopes(['mcp'], 'viewer')).toEqual(['mcp:read']);
  });
});

describe('the request-time check', () => {
  const key = (scopes: string[] | null, makerRole: MemberRole | null) => ({ scopes, makerRole });

  it('needs the scope on the key', () => {
    expect(keyAllows(key(['calls:read'], 'owner'), 'calls:read')).toBe(true);
    expect(keyAllows(key(['calls:read'], 'owner'), 'calls:write')).toBe(false);
    expect(keyAllows(key(null, 'owner'), 'billing:write')).toBe(true);
  });

  it('bounds every scope by the maker’s current role', () => {
    expect(keyAllows(key(['billing:write'], 'developer'), 'billing:write')).toBe(false);
    expect(keyAllows(key(['calls:write'], 'viewer'), 'calls:write')).toBe(false);
    expect(keyAllows(key(null, 'developer'), 'audit:read')).toBe(false);
    // A maker who is no longer a member leaves the key nothing.
    expect(keyAllows(key(null, null), 'calls:read')).toBe(false);
    expect(keyAllows(key(['calls:read'], null), 'calls:read')).toBe(false);
  });

  it('lets only an owner’s key reach the owner-only auto top-up settings', () => {
    const access = requiredAccess('PUT', '/v1/billing/auto-top-up');
    expect(access).toEqual({ scope: 'billing:write', action: 'billing.auto_top_up' });
    const { scope, action } = access!;
    expect(keyAllows(key(['billing:write'], 'owner'), scope, action)).toBe(true);
    expect(keyAllows(key(['billing:write'], 'admin'), scope, action)).toBe(false);
    expect(keyAllows(key(null, 'admin'), scope, action)).toBe(false);
    expect(requiredAccess('GET', '/v1/billing/auto-top-up')).toEqual({ scope: 'billing:read' });
  });

  it('no route lets a key do what its maker’s role may not: all scopes, every role, every route', () => {
    for (const route of routeScopes) {
      for (const role of memberRoles) {
        const allowed = keyAllows(key(null, role), route.scope, route.action);
        if (route.action && !roleAllows(role, route.action)) expect(allowed).toBe(false);
        if (allowed) expect(roleScopes(role)).toContain(route.scope);
      }
    }
    // Every owner-only action a key can reach is guarded by its route's action.
    const ownerOnly = routeScopes.filter((r) => r.action && !roleAllows('admin', r.action));
    expect(ownerOnly.map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /v1/billing/auto-top-up']);
  });
});

describe('the tool server’s scopes', () => {
  it('are the mcp: scopes the key may use now, old names read as what they stand for', () => {
    expect(keyMcpScopes({ scopes: ['mcp', 'calls:read'], makerRole: 'owner' })).toEqual([
      'mcp:read',
      'mcp:write',
    ]);
    expect(keyMcpScopes({ scopes: ['mcp:write'], makerRole: 'viewer' })).toEqual(['mcp:read']);
    expect(keyMcpScopes({ scopes: ['calls:read', 'speech'], makerRole: 'owner' })).toEqual([]);
    expect(keyMcpScopes({ scopes: null, makerRole: null })).toEqual([]);
  });
});
