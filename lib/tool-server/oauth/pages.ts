// The authorization server's own pages: plain server-rendered HTML, no script, readable without CSS.
import escape from 'escape-html';

/** Text or an attribute value as HTML; absent is empty. */
const escapeHtml = (value: unknown) => escape(String(value ?? ''));

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;background:#f5f5f7;color:#1d1d1f;margin:0;padding:2rem 1rem}
main{max-width:32rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem 2rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin-top:0}label{display:block;font-weight:600;margin-top:1rem}
select{width:100%;box-sizing:border-box;padding:.6rem;font:inherit;border:1px solid #767676;border-radius:6px;background:#fff;color:inherit}
fieldset{border:1px solid #d2d2d7;border-radius:8px;margin-top:1rem}fieldset label{font-weight:400;margin:.25rem 0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem;align-items:center}
button,.button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #1d1d1f;cursor:pointer;background:#fff;color:#1d1d1f;text-decoration:none}
button[value=approve],.button.primary{background:#0b57d0;border-color:#0b57d0;color:#fff}
a{color:#0b57d0}
button:focus-visible,input:focus-visible,select:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.error{background:#fde8e8;border:1px solid #b42318;color:#7a1a12;padding:.75rem;border-radius:6px}
code{word-break:break-all}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function renderErrorPage(error: unknown, description: unknown): string {
  return page(
    'Authorization error',
    `<h1>This request cannot be authorized</h1>
<p class="error" role="alert"><strong>${escapeHtml(error)}</strong>${
      description ? `: ${escapeHtml(description)}` : ''
    }</p>
<p>The application that sent you here made a request we cannot accept. You were not redirected back to it.</p>`,
  );
}

export interface ConsentView {
  action: string;
  csrf: string;
  clientName: string;
  clientId: string;
  redirectHost: string;
  /** The tool-server scopes the client asked for. */
  scopes: string[];
  /** The request named no scope, so it asks for the client's registered ones (or all). */
  scopeDefaulted?: boolean;
  /** Where to sign in (or switch account), coming back to this page afterwards. */
  signInUrl: string;
  /** Signed out: the page offers to sign in (or deny) only. */
  member?: { email: string; orgs: { orgId: string; name: string; role: string }[] };
  error?: string;
}

const SCOPE_TEXT: Record<string, string> = {
  'mcp:read': 'Read calls, batches, voices, balance and limits',
  'mcp:write': 'Place calls and batches, stop calls and generate speech (these spend your balance)',
};

function scopeList(view: ConsentView, choosable: boolean): string {
  const items = view.scopes
    .map((scope) =>
      scope === 'mcp:write' && choosable
        ? `<label><input type="checkbox" name="grant_write" value="yes" checked> <code>mcp:write</code>: ${escapeHtml(SCOPE_TEXT[scope])}</label>`
        : `<p><code>${escapeHtml(scope)}</code>: ${escapeHtml(SCOPE_TEXT[scope] ?? scope)}</p>`,
    )
    .join('\n');
  return `<fieldset><legend>It asks for</legend>
${view.scopeDefaulted ? '<p id="scope-default"><small>The application did not say which permissions it needs, so it asks for the ones it registered with (or, if none, read and write).</small></p>' : ''}
${items || '<p>No tool-server permissions.</p>'}
${choosable && view.scopes.includes('mcp:write') && view.scopes.includes('mcp:read') ? '<p><small>Untick <code>mcp:write</code> to grant read-only access.</small></p>' : ''}
</fieldset>`;
}

const denyButton = '<button type="submit" name="decision" value="deny">Deny</button>';

/** What the signed-in member decides with: the organization, the write scope, approve or deny. */
function memberForm(view: ConsentView, member: NonNullable<ConsentView['member']>): string {
  const who = `<p id="signed-in-as">Signed in as <strong>${escapeHtml(member.email)}</strong>. <a href="${escapeHtml(view.signInUrl)}">Use another account</a></p>`;
  if (member.orgs.length === 0)
    return `${who}
<p class="error" role="alert">None of your organizations lets you connect applications: it takes the owner, admin or developer role.</p>
${scopeList(view, false)}
<div class="actions">${denyButton}</div>`;
  const options = member.orgs
    .map(
      (org) =>
        `<option value="${escapeHtml(org.orgId)}">${escapeHtml(org.name)} (${escapeHtml(org.role)})</option>`,
    )
    .join('');
  return `${who}
<label for="org_id">Organization</label>
<select id="org_id" name="org_id" aria-describedby="org_help">${options}</select>
<p id="org_help"><small>The application acts for this organization and spends its balance. Owners and admins can disconnect it in the console.</small></p>
${scopeList(view, true)}
<div class="actions">
<button type="submit" name="decision" value="approve">Approve</button>
${denyButton}
</div>`;
}

export function renderConsentPage(view: ConsentView): string {
  const body = view.member
    ? memberForm(view, view.member)
    : `${scopeList(view, false)}
<p>Sign in with your account to choose an organization and approve.</p>
<div class="actions">
<a class="button primary" href="${escapeHtml(view.signInUrl)}">Sign in to continue</a>
${denyButton}
</div>`;
  return page(
    `Authorize ${view.clientName}`,
    `<h1>Authorize <span id="client-name">${escapeHtml(view.clientName)}</span></h1>
<p>This application wants to use the voice platform's tool server for your organization. After you decide, you go back to <strong id="redirect-host">${escapeHtml(view.redirectHost)}</strong>.</p>
<p><small>Client id: <code>${escapeHtml(view.clientId)}</code></small></p>
${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : ''}
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
${body}
</form>`,
  );
}
