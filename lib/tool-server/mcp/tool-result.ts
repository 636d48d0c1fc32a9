import type { CallToolResult } from '@modelcontextprotocol/server';
import { ApiError } from '../../platform/errors/api-error';
import { toolErrorDetail } from './tool-hints';

/** A tool's answer: the structured result, and the same JSON as text for clients without it. */
export function toolResult(value: object): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(value) }],
    structuredContent: value as Record<string, unknown>,
  };
}

/**
 * A failure as an agent should see it: our error code, clean message (never raw exception text)
 * and a hint in tool terms; anything unexpected is logged and shown as INTERNAL_ERROR. The error
 * is the text, as JSON, with no structuredContent: a client of SDK 1.x validates structuredContent
 * against the tool's output schema even on isError results and would show a schema mismatch
 * instead of the error (issue 21).
 */
export function toolError(thrown: unknown, tool: string): CallToolResult {
  const error = thrown instanceof ApiError ? thrown : new ApiError('INTERNAL_ERROR');
  if (!(thrown instanceof ApiError) || error.status >= 500) {
    console.error(
      `[mcp ${tool}] ${error.code}:`,
      thrown instanceof ApiError ? (thrown.cause ?? thrown) : thrown,
    );
  }
  return {
    content: [{ type: 'text', text: JSON.stringify({ error: toolErrorDetail(error, tool) }) }],
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
