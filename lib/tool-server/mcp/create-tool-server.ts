import { McpServer } from '@modelcontextprotocol/server';
import { registerReadTools } from './tools/read-tools';
import { registerWriteTools } from './tools/write-tools';
import type { ToolContext } from './types';

/** A fresh tool server for one request, acting for one organization. */
export function createToolServer(ctx: ToolContext): McpServer {
  const server = new McpServer(
    { name: 'voiceai', title: 'Voice AI platform', version: '1.0.0' },
    {
      // Stateless: a request's server can never send notifications/tools/list_changed.
      capabilities: { tools: { listChanged: false } },
      instructions:
        'Place AI phone calls (create_call, create_batch), follow them (wait_for_call, get_call, get_batch), and generate speech. Calls and speech are paid from the organization wallet: check get_balance_and_limits first. Output schemas list no required fields: every field is present unless its description says when it is left out. mcp:write includes mcp:read.',
    },
  );
  registerReadTools(server, ctx);
  registerWriteTools(server, ctx);
  return server;
}
