import { scopeImplies, type McpScope } from '@/schemas/mcp';

/**
 * The scopes a grant acts with: its own and those they imply (mcp:write includes mcp:read), so a
 * client that re-authorizes with only the scope of a 403 challenge keeps its read tools.
 */
export function withImpliedScopes(scopes: readonly string[]): string[] {
  const all = new Set(scopes);
  for (const scope of scopes)
    for (const implied of scopeImplies[scope as McpScope] ?? []) all.add(implied);
  return [...all];
}
