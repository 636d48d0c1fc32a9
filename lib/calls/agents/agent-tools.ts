import { HIDDEN_HEADER_VALUE, type CallToolInput } from '@/schemas/call-tools';
import type { AgentToolBody } from '@/schemas/agents';
import type { StoredCallTool } from '../../adapters/db/schema/call-tools';
import { ApiError } from '../../platform/errors/api-error';
import { hiddenHeaders, openHeaders, sealHeaders, toolSettings } from '../actions';

/**
 * One of an agent's tools as its versions keep it: a call's stored tool (header values sealed
 * under a key derived from URL_SIGNING_KEY) with the header names in the clear, so a read can
 * show which headers are sent without opening them.
 */
export interface SavedAgentTool extends StoredCallTool {
  header_names: string[];
}

const refuse = (field: string, why: string) =>
  new ApiError('INVALID_BODY', { message: `${field}: ${why}`, field });

function opened(tool: SavedAgentTool, secret: string, field: string): Record<string, string> {
  if (!tool.sealed_headers) return {};
  try {
    return openHeaders(tool.sealed_headers, secret);
  } catch {
    // The key they were sealed under is gone (URL_SIGNING_KEY changed): only new values help.
    throw refuse(
      field,
      'the saved header values can no longer be read (the server’s signing key changed); send ' +
        'the tool’s headers again (PATCH /v1/agents/{id})',
    );
  }
}

const sameHeaders = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([name, value]) => b[name] === value);

/**
 * The tools a create or change sends, as the agent keeps them. Against the tools saved before
 * (none on create), by tool name: a tool sent without `headers` keeps its saved headers, a
 * header sent as `[hidden]` keeps its saved value (a read agent's tools can be sent back as they
 * are), anything else is the new value. Headers unchanged keep their sealed text, so sending the
 * same tools again is no change (no new version).
 */
export function sealAgentTools(
  sent: CallToolInput[],
  saved: SavedAgentTool[] | undefined,
  secret: string,
): SavedAgentTool[] {
  const before = new Map((saved ?? []).map((tool) => [tool.name, tool]));
  return sent.map((tool, i) => {
    const field = `tools.${i}.headers`;
    const old = before.get(tool.name);
    const oldHeaders = old ? opened(old, secret, field) : {};
    let headers: Record<string, string>;
    if (tool.headers === undefined) headers = oldHeaders;
    else {
      headers = {};
      for (const [name, value] of Object.entries(tool.headers ?? {})) {
        if (value !== HIDDEN_HEADER_VALUE) headers[name] = value;
        else if (name in oldHeaders) headers[name] = oldHeaders[name]!;
        else
          throw refuse(
            `${field}.${name}`,
            `${HIDDEN_HEADER_VALUE} keeps a saved value, and this agent has none for this ` +
              'header of this tool; send the value',
          );
      }
    }
    const names = Object.keys(headers);
    const sealed =
      names.length === 0
        ? null
        : old?.sealed_headers && sameHeaders(headers, oldHeaders)
          ? old.sealed_headers
          : sealHeaders(headers, secret);
    return {
      ...toolSettings(tool),
      sealed_headers: sealed,
      header_names: names,
    };
  });
}

/**
 * The agent's tools as a call request takes them, header values opened (in memory only: the call
 * row seals them again). `field` names the agent in the refusal when they cannot be opened.
 */
export function openAgentTools(
  saved: SavedAgentTool[],
  secret: string,
  field: string,
): CallToolInput[] {
  return saved.map((tool) => {
    const headers = opened(tool, secret, field);
    return {
      ...toolSettings(tool),
      headers: Object.keys(headers).length > 0 ? headers : null,
    };
  });
}

/** The tools as every read (and the audit log) shows them: header names, values hidden. */
export function shownAgentTools(saved: SavedAgentTool[]): AgentToolBody[] {
  return saved.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.input_schema,
    url: tool.url,
    method: tool.method,
    headers: tool.header_names.length > 0 ? hiddenHeaders(tool.header_names) : null,
    timeout_ms: tool.timeout_ms,
    speech: tool.speech,
  }));
}
