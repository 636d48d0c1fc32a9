import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  requiredScope,
  routeScopes,
  rolePermissions,
  roleAllows,
} from '@/lib/accounts/access/permissions';

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return name === 'route.ts' || name.endsWith('-handler.ts') ? [path] : [];
  });
}

/** app/v1/calls/[call_id]/route.ts → /v1/calls/{call_id} */
const urlOf = (file: string) =>
  '/' +
  file
    .replace(/^app\//, '')
    .replace(/\/(route|_[a-z-]+-handler)\.ts$/, '')
    .replace(/\[([a-z_]+)\]/g, '{$1}');

describe('scope → routes table', () => {
  it('covers every method of every route that takes an API key', () => {
    const missing: string[] = [];
    for (const file of ['app/v1', 'app/v2', 'app/batch'].flatMap(routeFiles)) {
      const text = readFileSync(file, 'utf8');
      if (!/requireApiKey|authenticateOrg/.test(text) || file.includes('_clone-handler')) continue;
      for (const [, method] of text.matchAll(/^ {2}(GET|POST|PUT|PATCH|DELETE):/gm)) {
        const path = urlOf(file).replace(/\{[a-z_]+\}/g, 'x');
        if (!requiredScope(method!, path)) missing.push(`${method} ${urlOf(file)}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('prefers a literal path over a parameter (POST /v1/voices/clone is not /v1/voices/{id}/…)', () => {
    expect(requiredScope('POST', '/v1/voices/clone')).toBe('voices:write');
    expect(requiredScope('GET', '/v1/voices/abc')).toBe('voices:read');
    expect(requiredScope('POST', '/v1/calls/abc/stop')).toBe('calls:write');
    expect(requiredScope('GET', '/v1/unknown')).toBeUndefined();
    expect(requiredScope('GET', '/v1/billing/auto-top-up')).toBe('billing:read');
    expect(requiredScope('PUT', '/v1/billing/auto-top-up')).toBe('billing:write');
    expect(routeScopes.length).toBeGreaterThan(20);
  });
});

describe('roles', () => {
  it('owner ⊃ admin ⊃ developer ⊃ viewer, with the lines the issue draws', () => {
    expect(roleAllows('admin', 'org.delete')).toBe(false);
    expect(roleAllows('admin', 'ownership.manage')).toBe(false);
    expect(roleAllows('admin', 'billing.manage')).toBe(true);
    // Auto top-up charges a saved card without anyone present: owners only.
    expect(roleAllows('owner', 'billing.auto_top_up')).toBe(true);
    expect(roleAllows('admin', 'billing.auto_top_up')).toBe(false);
    expect(roleAllows('developer', 'billing.read')).toBe(false);
    expect(roleAllows('developer', 'members.manage')).toBe(false);
    expect(roleAllows('developer', 'keys.manage')).toBe(true);
    expect(rolePermissions.viewer).toEqual([
      'org.read',
      'calls.read',
      'batches.read',
      'voices.read',
      'usage.read',
    ]);
    for (const action of rolePermissions.developer) expect(roleAllows('admin', action)).toBe(true);
    for (const action of rolePermissions.admin) expect(roleAllows('owner', action)).toBe(true);
  });
});
