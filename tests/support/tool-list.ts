import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { createToolServer } from '@/lib/mcp/create-tool-server';
import type { ToolContext } from '@/lib/mcp/types';

/** What a 2025-11-25 client receives from tools/list and initialize, in process (no database). */
export async function listToolsInProcess(): Promise<{
  tools: Record<string, unknown>[];
  capabilities: Record<string, unknown>;
  bytes: number;
  bytesByTool: Record<string, number>;
}> {
  // Registering the tools reads only the prices; no tool is called here.
  const ctx = {
    orgId: 'org',
    origin: 'https://api.example',
    calls: { settings: { pricePerMinuteMicros: 90_000 } },
    speech: { settings: { pricePer1kMicros: 30_000 } },
  } as unknown as ToolContext;
  const server = createToolServer(ctx);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'measure', version: '1.0.0' });
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  const capabilities = (client.getServerCapabilities() ?? {}) as Record<string, unknown>;
  await client.close();
  await server.close();
  const list = tools as unknown as Record<string, unknown>[];
  const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  return {
    tools: list,
    capabilities,
    // The JSON-RPC result's `tools` array, as it goes over the wire.
    bytes: size({ tools: list }),
    bytesByTool: Object.fromEntries(list.map((tool) => [String(tool.name), size(tool)])),
  };
}
