import type { KoaContextWithOIDC } from 'oidc-provider';
import { MCP_SCOPES } from './constants';

/** Set on an authorization request whose scope we filled in, so the consent page can say so. */
export const SCOPE_DEFAULTED_PARAM = 'x_scope_defaulted';

/**
 * An authorization request without `scope` asks for the client's registered tool-server scopes,
 * or for every tool-server scope when it registered none (a request for nothing could never be
 * approved). Registered as oidc-provider's `extraParams.scope` validator: it runs after the
 * library's own scope checks and before the interaction stores the parameters, so the consent
 * page and the issued tokens both see the default.
 */
export function applyDefaultScope(
  ctx: KoaContextWithOIDC,
  value: string | undefined,
  client: { scope?: string } | undefined,
): void {
  const params = ctx.oidc.params as Record<string, unknown>;
  // Always overwritten: a client cannot set the marker itself.
  params[SCOPE_DEFAULTED_PARAM] = undefined;
  if (value) return;
  const registered = (client?.scope ?? '')
    .split(' ')
    .filter((scope): scope is (typeof MCP_SCOPES)[number] =>
      (MCP_SCOPES as readonly string[]).includes(scope),
    );
  params.scope = (registered.length > 0 ? registered : MCP_SCOPES).join(' ');
  params[SCOPE_DEFAULTED_PARAM] = 'true';
}
