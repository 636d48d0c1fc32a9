import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  createMcpHandler,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { createToolServer } from '@/lib/tool-server/mcp/create-tool-server';
import type { ToolContext } from '@/lib/tool-server/mcp/types';

/** Every protocol revision the tool server speaks (lib/tool-server/mcp/serve-mcp.ts serves both). */
export const PROTOCOL_REVISIONS = ['2025-11-25', '2026-07-28'] as const;
export type ProtocolRevision = (typeof PROTOCOL_REVISIONS)[number];

// Registering the tools reads only the prices; no tool is called here.
const ctx = {
  orgId: 'org',
  origin: 'https://api.example',
  calls: { settings: { pricePerMinuteMicros: 90_000 } },
  speech: { settings: { pricePer1kMicros: 30_000 } },
} as unknown as ToolContext;

type Fetch = (request: Request) => Promise<Response>;

/** 2026-07-28: the SDK's stateless handler, as serve-mcp.ts uses it. */
const modern = createMcpHandler(() => createToolServer(ctx), {
  legacy: 'reject',
  responseMode: 'auto',
});

/** 2025-era: a fresh server and JSON transport per request, as serve-mcp.ts answers them. */
const legacy: Fetch = async (request) => {
  const server = createToolServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  return transport.handleRequest(request);
};

/**
 * What a client of `revision` receives from tools/list, in process over the same transports as
 * the server: the parsed tools, and the bytes of the JSON-RPC `result` as it goes over the wire
 * (each revision adds fields of its own around the tools, such as 2026-07-28's cache hints).
 */
export async function listToolsInProcess(revision: ProtocolRevision = '2025-11-25'): Promise<{
  tools: Record<string, unknown>[];
  capabilities: Record<string, unknown>;
  bytes: number;
  bytesByTool: Record<string, number>;
}> {
  const serve: Fetch = revision === '2026-07-28' ? (r) => modern.fetch(r) : legacy;
  let wire: unknown;
  const client = new Client(
    { name: 'measure', version: '1.0.0' },
    revision === '2026-07-28' ? { versionNegotiation: { mode: { pin: revision } } } : {},
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://tools.test/v1/mcp'), {
      fetch: async (url, init) => {
        const response = await serve(new Request(url, init));
        const text = await response.clone().text();
        if (text.includes('"tools":[')) wire = (JSON.parse(text) as { result: unknown }).result;
        return response;
      },
    }),
  );
  const { tools } = await client.listTools();
  const capabilities = (client.getServerCapabilities() ?? {}) as Record<string, unknown>;
  await client.close();
  const list = tools as unknown as Record<string, unknown>[];
  const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  if (wire === undefined) throw new Error(`no tools/list result seen on ${revision}`);
  return {
    tools: list,
    capabilities,
    bytes: size(wire),
    bytesByTool: Object.fromEntries(list.map((tool) => [String(tool.name), size(tool)])),
  };
}
