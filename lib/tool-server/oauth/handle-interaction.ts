import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { Db } from '../../adapters/db';
import { consentMember } from './consent-member';
import { MCP_SCOPES, OAUTH_MOUNT } from './constants';
import { SCOPE_DEFAULTED_PARAM } from './default-scope';
import { memberAccountId } from './grant-account';
import { renderConsentPage, renderErrorPage, type ConsentView } from './pages';
import { saveMemberGrant } from './save-member-grant';

const MAX_FORM_BYTES = 8 * 1024;

export interface InteractionContext {
  provider: Provider;
  issuer: string;
  cookieKey: string;
  /** The tool server: the one resource a grant can name. */
  resource: string;
  /** PUBLIC_SITE_URL: where the sign-in page is (else this origin). */
  siteUrl?: string;
  getDb: () => Promise<Db>;
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The consent page must never be framed (clickjacking an approval).
    // No form-action: browsers apply it to the redirects after the post, which end at the client.
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    // same-origin, not no-referrer: with no-referrer Chromium posts the form with `Origin: null`.
    'referrer-policy': 'same-origin',
  });
  res.end(html);
}

/** Bound to the interaction (whose id only this browser's signed cookie names). */
const csrfToken = (key: string, uid: string) =>
  createHmac('sha256', key).update(`consent:${uid}`).digest('base64url');

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? ''))
    return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * GET and POST `/authorization/interaction/:uid`: the page a person approves or denies on. They
 * sign in with their account (the site's sign-in page brings them back here) and pick the
 * organization the application will act for.
 */
export async function handleInteraction(
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
  context: InteractionContext,
  ip: string | null,
): Promise<void> {
  const { provider } = context;
  let interaction: Awaited<ReturnType<Provider['interactionDetails']>>;
  try {
    interaction = await provider.interactionDetails(req, res);
  } catch {
    send(
      res,
      400,
      renderErrorPage(
        'invalid_request',
        'this authorization request has expired or belongs to another browser; start again from the application',
      ),
    );
    return;
  }
  if (interaction.uid !== uid) {
    send(
      res,
      400,
      renderErrorPage('invalid_request', 'this authorization request belongs to another browser'),
    );
    return;
  }
  const params = interaction.params as Record<string, string | undefined>;
  const clientId = params.client_id ?? '';
  const client = await provider.Client.find(clientId);
  const requested = (params.scope ?? '').split(' ').filter(Boolean);
  const scopes = MCP_SCOPES.filter((scope) => requested.includes(scope));
  const csrf = csrfToken(context.cookieKey, uid);
  const db = await context.getDb();
  const issuerOrigin = new URL(context.issuer).origin;
  const member = await consentMember(db, req, issuerOrigin);
  const action = `${OAUTH_MOUNT}/interaction/${uid}`;
  const view: ConsentView = {
    action,
    csrf,
    clientId,
    clientName: client?.clientName ?? clientId,
    redirectHost: new URL(params.redirect_uri ?? 'about:blank').host,
    scopes,
    scopeDefaulted: params[SCOPE_DEFAULTED_PARAM] === 'true',
    signInUrl: `${context.siteUrl ?? ''}/sign-in?next=${encodeURIComponent(action)}`,
    member: member
      ? {
          email: member.user.email,
          orgs: member.orgs.map((o) => ({ orgId: o.orgId, name: o.name, role: o.role })),
        }
      : undefined,
  };

  if (req.method === 'GET') {
    send(res, 200, renderConsentPage(view));
    return;
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'GET, POST' }).end();
    return;
  }
  const form = await readForm(req);
  const origin = req.headers.origin;
  if (
    !form ||
    !sameToken(form.get('csrf') ?? '', csrf) ||
    (origin !== undefined && origin !== issuerOrigin)
  ) {
    send(
      res,
      403,
      renderErrorPage(
        'invalid_request',
        'the form could not be verified (CSRF check failed); reload the page',
      ),
    );
    return;
  }
  if (form.get('decision') !== 'approve') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'the person declined the request' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (!member) {
    send(res, 401, renderConsentPage({ ...view, error: 'Sign in to approve this application.' }));
    return;
  }
  // The list on the page is a convenience; the permission table decides again here.
  const orgId = form.get('org_id') ?? '';
  const org = member.orgs.find((o) => o.orgId === orgId);
  if (!org) {
    send(
      res,
      403,
      renderConsentPage({
        ...view,
        error:
          'You cannot connect applications to that organization: it takes the owner, admin or developer role there.',
      }),
    );
    return;
  }
  const granted = scopes.filter(
    (scope) => scope !== 'mcp:write' || form.get('grant_write') === 'yes',
  );
  if (granted.length === 0) {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'no permission was granted' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const grantId = await saveMemberGrant(
    provider,
    db,
    {
      orgId: org.orgId,
      userId: member.user.id,
      ip,
      clientId,
      clientName: view.clientName,
      redirectHost: view.redirectHost,
      resource: context.resource,
      requested,
      granted,
      rejected: scopes.filter((scope) => !granted.includes(scope)),
    },
    new Date(),
  );
  await provider.interactionFinished(
    req,
    res,
    {
      login: { accountId: memberAccountId(org.orgId, member.user.id), remember: false },
      consent: { grantId },
    },
    { mergeWithLastSubmission: false },
  );
}
