import escapeHtml from 'escape-html';
/** Where the pinned Scalar bundle is served from our own origin (app/docs/api-reference.js). */
export const API_REFERENCE_SCRIPT = '/docs/api-reference.js';

/**
 * The reference page for one OpenAPI document: Scalar's standalone bundle from our origin, so
 * the page works with no internet and runs no code we did not pin. Nothing else leaves the
 * origin either: no font host (`withDefaultFonts`), no AI agent (it calls Scalar's proxy, on
 * localhost even without a key). Every tag starts open, so each operation is on the page;
 * `securityScheme` is the one the request panel starts with.
 */
export function apiReferencePage(
  title: string,
  documentUrl: string,
  { securityScheme }: { securityScheme?: string } = {},
): Response {
  const config = JSON.stringify({
    url: documentUrl,
    withDefaultFonts: false,
    agent: { disabled: true },
    defaultOpenAllTags: true,
    // Scalar shows its own "Developer Tools / Configure / Share / Deploy" bar on localhost: it is
    // for the people who write the page, never for customers.
    showDeveloperTools: 'never',
    // The document's scheme chosen in the request panel, not "No authentication selected".
    ...(securityScheme ? { authentication: { preferredSecurityScheme: securityScheme } } : {}),
  })
    // The JSON sits inside a <script>: no character of it may close the element.
    .replace(/</g, '\\u003c');
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <link rel="icon" href="/icon.svg" type="image/svg+xml" />
  </head>
  <body>
    <div id="app"></div>
    <script src="${API_REFERENCE_SCRIPT}"></script>
    <script>Scalar.createApiReference('#app', ${config})</script>
  </body>
</html>
`;
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}
