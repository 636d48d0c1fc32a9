import { McpServer } from '@modelcontextprotocol/server';
import { registerReadTools } from './tools/read-tools';
import { registerWriteTools } from './tools/write-tools';
import type { ToolContext } from './types';

/** A fresh tool server for one request, acting for one organization. */
export function createToolServer(ctx: ToolContext): McpServer {
  const server = new McpServer(
    { name: 'voiceai', title: 'Voice AI platform', version: '1.0.0' },
    {
      instructions:
        'Place AI phone calls (create_call, create_batch), follow them (wait_for_call, get_call, get_batch), and generate speech. Calls and speech are paid from the organization wallet: check get_balance_and_limits first.',
    },
  );
  registerReadTools(server, ctx);
  registerWriteTools(server, ctx);
  return server;
}
