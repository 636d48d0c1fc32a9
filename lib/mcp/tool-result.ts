import type { CallToolResult } from '@modelcontextprotocol/server';
import { ApiError } from '../http/api-error';

/** A tool's answer: the structured result, and the same JSON as text for clients without it. */
export function toolResult(value: object): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(value) }],
    structuredContent: value as Record<string, unknown>,
  };
}

/**
 * A failure as an agent should see it: our error code and clean message (never raw exception
 * text); anything unexpected is logged and shown as INTERNAL_ERROR.
 */
export function toolError(thrown: unknown, tool: string): CallToolResult {
  const error = thrown instanceof ApiError ? thrown : new ApiError('INTERNAL_ERROR');
  if (!(thrown instanceof ApiError) || error.status >= 500) {
    console.error(
      `[mcp ${tool}] ${error.code}:`,
      thrown instanceof ApiError ? (thrown.cause ?? thrown) : thrown,
    );
  }
  const detail = { code: error.code, message: error.message, hint: error.hint };
  return {
    content: [{ type: 'text', text: `${detail.code}: ${detail.message} ${detail.hint}` }],
    structuredContent: { error: detail },
    isError: true,
  };
}

/** Runs a tool body and maps its result or failure. */
export async function runTool(tool: string, body: () => Promise<object>): Promise<CallToolResult> {
  try {
    return toolResult(await body());
  } catch (thrown) {
    return toolError(thrown, tool);
  }
}
