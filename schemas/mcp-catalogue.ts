// The tool server's tools by name, the scopes that allow them, and how a tool's failure reads.
import { z } from './zod';

export const mcpScopes = ['mcp:read', 'mcp:write'] as const;
export type McpScope = (typeof mcpScopes)[number];
/** The scope hierarchy: each scope and the scopes it includes (write includes read). */
export const scopeImplies: Record<McpScope, McpScope[]> = {
  'mcp:read': [],
  'mcp:write': ['mcp:read'],
};

/** The tool server's tools: name → what it needs and what it is (documented in the OpenAPI). */
export const toolCatalogue = {
  get_call: { scope: 'mcp:read', title: 'Get a call' },
  list_calls: { scope: 'mcp:read', title: 'List calls' },
  wait_for_call: { scope: 'mcp:read', title: 'Wait for a call to end' },
  get_batch: { scope: 'mcp:read', title: 'Get a batch' },
  list_voices: { scope: 'mcp:read', title: 'List voices' },
  get_balance_and_limits: { scope: 'mcp:read', title: 'Get balance and limits' },
  create_call: { scope: 'mcp:write', title: 'Place a phone call' },
  create_batch: { scope: 'mcp:write', title: 'Place a batch of calls' },
  stop_call: { scope: 'mcp:write', title: 'Stop a call' },
  generate_speech: { scope: 'mcp:write', title: 'Generate speech' },
  create_top_up_link: { scope: 'mcp:write', title: 'Create a top-up link' },
} as const satisfies Record<string, { scope: McpScope; title: string }>;
export type ToolName = keyof typeof toolCatalogue;

/**
 * How a tool failure reads: the text of an isError result is this JSON (there is no
 * structuredContent, which SDK 1.x clients would check against the tool's output schema).
 */
export const ToolErrorText = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    hint: z.string(),
    field: z.string().optional().describe('The argument at fault, when there is one.'),
  }),
});
