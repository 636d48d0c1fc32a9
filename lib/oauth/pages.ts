// The authorization server's own pages: plain server-rendered HTML, no script, readable without CSS.

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;background:#f5f5f7;color:#1d1d1f;margin:0;padding:2rem 1rem}
main{max-width:32rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem 2rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin-top:0}label{display:block;font-weight:600;margin-top:1rem}
input[type=password]{width:100%;box-sizing:border-box;padding:.6rem;font:inherit;border:1px solid #767676;border-radius:6px}
fieldset{border:1px solid #d2d2d7;border-radius:8px;margin-top:1rem}fieldset label{font-weight:400;margin:.25rem 0}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #1d1d1f;cursor:pointer}
button[value=approve]{background:#0b57d0;border-color:#0b57d0;color:#fff}
button:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
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
  error?: string;
}

const SCOPE_TEXT: Record<string, string> = {
  'mcp:read': 'Read calls, batches, voices, balance and limits',
  'mcp:write': 'Place calls and batches, stop calls and generate speech (these spend your balance)',
};

export function renderConsentPage(view: ConsentView): string {
  const scopeItems = view.scopes
    .map((scope) =>
      scope === 'mcp:write'
        ? `<label><input type="checkbox" name="grant_write" value="yes" checked> <code>mcp:write</code>: ${escapeHtml(SCOPE_TEXT[scope])}</label>`
        : `<p><code>${escapeHtml(scope)}</code>: ${escapeHtml(SCOPE_TEXT[scope] ?? scope)}</p>`,
    )
    .join('\n');
  return page(
    `Authorize ${view.clientName}`,
    `<h1>Authorize <span id="client-name">${escapeHtml(view.clientName)}</span></h1>
<p>This application wants to use the voice platform's tool server for your organization. After you decide, you go back to <strong id="redirect-host">${escapeHtml(view.redirectHost)}</strong>.</p>
<p><small>Client id: <code>${escapeHtml(view.clientId)}</code></small></p>
${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : ''}
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<fieldset><legend>It asks for</legend>
${view.scopeDefaulted ? '<p id="scope-default"><small>The application did not say which permissions it needs, so it asks for the ones it registered with (or, if none, read and write).</small></p>' : ''}
${scopeItems || '<p>No tool-server permissions.</p>'}
${view.scopes.includes('mcp:write') && view.scopes.includes('mcp:read') ? '<p><small>Untick <code>mcp:write</code> to grant read-only access.</small></p>' : ''}
</fieldset>
<label for="api_key">API key of your organization</label>
<input type="password" id="api_key" name="api_key" autocomplete="off" aria-describedby="api_key_help">
<p id="api_key_help"><small>Needed to approve. Revoking this key later also ends the application's access.</small></p>
<div class="actions">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>`,
  );
}
