// The permission tables are built when their module loads: a malformed entry (a route with no
// path, say) throws there, before any test of the tables can run. Loading the module inside a
// test turns that into a failing test, not a test file that silently never ran.
import { expect, it } from 'vitest';

it('loads, with every route compiled to the scope the table gives it', async () => {
  const { routeScopes, requiredAccess } = await import('@/lib/accounts/access/permissions');
  // 27 routes before the calling rules, whose rules and do-not-call routes add five; saved
  // agents six; a call's analysis one; phone numbers six.
  expect(routeScopes).toHaveLength(45);
  for (const route of routeScopes) {
    const path = route.path.replaceAll(/\{[a-z_]+\}/g, 'x1');
    expect(requiredAccess(route.method, path)?.scope, `${route.method} ${route.path}`).toBe(
      route.scope,
    );
  }
});
