import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { toolCatalogue } from '../../mcp';
import { ProtectedResourceMetadata } from '../../oauth';
import { z } from '../../zod';
import { bearer, error, json } from './voice-common';

const toolTable = Object.entries(toolCatalogue)
  .map(([name, tool]) => `| \`${name}\` | ${tool.title} | \`${tool.scope}\` |`)
  .join('\n');

const JsonRpcMessage = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number()]).optional(),
    method: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .catchall(z.unknown())
  .describe('A JSON-RPC 2.0 message of the Model Context Protocol (or a batch of them, 2025-era).');

// What a client sends: a request (with an id) or a notification; both name their method. The
// server asks nothing of a stateless client, so a client never posts a response.
const JsonRpcRequest = JsonRpcMessage.extend({
  // An id is a string or an integer (the SDK refuses a fraction with -32600).
  id: z.union([z.string(), z.int()]).optional(),
  method: z.string(),
}).describe(
  'A JSON-RPC 2.0 request or notification of the Model Context Protocol; `method` is required.',
);

// What the transport answers itself when it cannot read a request: the id it could not read is
// null (JSON-RPC 2.0, section 5).
const JsonRpcError = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number(), z.null()]),
    error: z.object({
      code: z.int(),
      message: z.string(),
      data: z.unknown().optional(),
    }),
  })
  .describe('A JSON-RPC 2.0 error response.');

export function registerMcpPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/v1/mcp',
    operationId: 'toolServer',
    tags: ['Tool server'],
    summary: 'The tool server (MCP, Streamable HTTP)',
    description:
      "The platform as tools for AI agents, over the Model Context Protocol's Streamable HTTP " +
      'transport, stateless: protocol revision 2026-07-28 (`server/discover`, a `_meta` envelope on ' +
      'every request) and 2025-era clients (`initialize`, then requests) are both served. Answers are ' +
      'JSON; a tool that sends progress notifications (when the request carries a `progressToken`) ' +
      'answers as an event stream. Only POST exists (GET and DELETE are 405).\n\n' +
      '**Add it to an MCP client** with the URL `{api_url}/v1/mcp` and either an API key ' +
      '(`Authorization: Bearer <API_KEY>` with the scope `mcp:read` and/or `mcp:write`, checked per tool ' +
      'as for a token) or nothing: ' +
      'the 401 points OAuth-capable clients at `/.well-known/oauth-protected-resource/v1/mcp`, from ' +
      'where they register with our authorization server and ask a person to approve on its consent ' +
      'page. Access tokens are bound to this URL (RFC 8707): they are refused anywhere else.\n\n' +
      '| tool | what it does | scope |\n|---|---|---|\n' +
      toolTable +
      '\n\nRead tools change nothing and cost nothing; `create_call` and `create_batch` need ' +
      '`confirm: true` and take an `idempotency_key` (a retry never dials twice). Tool failures are ' +
      'results with `isError: true` whose text is the JSON `{"error": {code, message, hint}}` ' +
      "carrying this API's error codes (no structuredContent, which clients of SDK 1.x would " +
      "check against the tool's output schema); another organization's call is NOT_FOUND. " +
      "`mcp:write` includes `mcp:read`. A token (or API key) without a tool's " +
      'scope gets HTTP 403 with `WWW-Authenticate: Bearer error="insufficient_scope", ' +
      'scope="mcp:write", resource_metadata="…"`, so the client can ask for it. ' +
      'Limit: 120 requests per minute per organization, whatever the credential (RateLimit headers ' +
      'on every answer); a 2025-era client spends one on `initialize` and one on ' +
      '`notifications/initialized` when it connects.',
    security: bearer,
    request: {
      headers: z.object({
        Accept: z
          .enum(['application/json, text/event-stream', 'text/event-stream, application/json'])
          .describe(
            'Required by the transport: both application/json and text/event-stream (406 otherwise).',
          ),
        Origin: z
          .string()
          .optional()
          .describe('Browsers only: must be ours or listed in MCP_ALLOWED_ORIGINS.'),
      }),
      body: {
        required: true,
        content: {
          'application/json': {
            // 2025-era clients may send a batch: an array of requests and notifications.
            schema: z.union([
              JsonRpcRequest,
              z
                .array(JsonRpcRequest)
                .min(1)
                .describe(
                  'A batch, for 2025-era revisions only: 2026-07-28 has no batches and refuses ' +
                    'one with -32600 (a rule between the MCP-Protocol-Version header and the body).',
                ),
            ]),
          },
        },
      },
    },
    responses: {
      200: {
        description:
          'The JSON-RPC response (application/json), or an event stream of progress then the response.',
        content: {
          // A batch is answered with an array of responses.
          'application/json': { schema: z.union([JsonRpcMessage, z.array(JsonRpcMessage)]) },
          'text/event-stream': { schema: z.string() },
        },
      },
      202: { description: 'A notification was accepted (no body).' },
      400: json(
        JsonRpcError,
        'A JSON-RPC error: the body is not JSON (-32700) or not a valid request (-32600; `id` null), a batch on 2026-07-28 among them.',
      ),
      401: {
        ...error(
          'UNAUTHENTICATED: no credential, an unknown or revoked key, an unknown, expired or revoked access token, or a token for another resource.',
        ),
        headers: z.object({
          'WWW-Authenticate': z
            .string()
            .describe(
              '`Bearer error="invalid_token", …, scope="mcp:read mcp:write", resource_metadata="{api_url}/.well-known/oauth-protected-resource/v1/mcp"`',
            ),
        }),
      },
      403: error(
        "ORIGIN_NOT_ALLOWED: a browser origin that is not ours; INSUFFICIENT_SCOPE: the token lacks the tool's scope (see WWW-Authenticate).",
      ),
      405: error('METHOD_NOT_ALLOWED: only POST (GET and DELETE are 405 with Allow).'),
      406: json(
        JsonRpcError,
        'Not Acceptable (-32000): the Accept header must list both application/json and text/event-stream.',
      ),
      413: error('PAYLOAD_TOO_LARGE: the body is over 1 MB.'),
      415: json(
        JsonRpcError,
        'Unsupported Media Type (-32000): the Content-Type must be application/json.',
      ),
      429: {
        ...error('TOOL_RATE_LIMITED: more than 120 requests this minute for this organization.'),
        headers: z.object({ 'Retry-After': z.string().describe('Seconds.') }),
      },
      500: error('INTERNAL_ERROR: retry later; quote the X-Request-Id header to support.'),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/.well-known/oauth-protected-resource/v1/mcp',
    operationId: 'toolServerResourceMetadata',
    tags: ['Tool server'],
    summary: 'RFC 9728 metadata of the tool server',
    description:
      'Where OAuth clients start: names the authorization server and the scopes. Public. The ' +
      'scopes form a hierarchy: `mcp:write` includes `mcp:read`, so a client that re-authorizes ' +
      'with only the scope of a 403 challenge keeps its read tools.',
    responses: { 200: json(ProtectedResourceMetadata, 'The metadata.') },
  });
}
