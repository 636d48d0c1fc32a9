import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import ipaddr from 'ipaddr.js';
import { HIDDEN_HEADER_VALUE, type CallToolInput } from '@/schemas/call-tools';
import type { StoredCallTool } from '../../adapters/db/schema/call-tools';
import { blockedAddressReason, checkWebhookUrl } from '../../adapters/webhooks';
import { ApiError } from '../../platform/errors/api-error';
import { sealHeaders } from './seal-headers';

/** One validator for every tool's input_schema: draft 2020-12 with the common formats. */
export const toolSchemas = addFormats(new Ajv2020({ strict: false, allErrors: false }));

const refuse = (field: string, reason: string) =>
  new ApiError('INVALID_BODY', { message: `${field}: ${reason}`, field });

/**
 * http only to an allow-listed private address written as an IP (a test's loopback server);
 * everywhere else the customer's API is reached over https.
 */
function plainHttpAllowed(url: URL, allowIps: string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return (
    ipaddr.isValid(host) &&
    blockedAddressReason(host, []) !== null &&
    blockedAddressReason(host, allowIps) === null
  );
}

/**
 * Checks a request's tools beyond their shape (400 naming the field): a URL we may reach, an
 * input_schema ajv can compile. Nothing is dialled when one fails.
 */
export async function checkCallTools(
  tools: CallToolInput[] | null | undefined,
  allowIps: string[],
  /** Where the tools sit in the request (a batch's are under call_params). */
  at = 'tools',
): Promise<void> {
  for (const [i, tool] of (tools ?? []).entries()) {
    const field = `${at}.${i}`;
    let url: URL;
    try {
      url = new URL(tool.url);
    } catch {
      throw refuse(`${field}.url`, 'must be an absolute https URL');
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && plainHttpAllowed(url, allowIps)))
      throw refuse(`${field}.url`, 'must use https');
    const verdict = await checkWebhookUrl(tool.url, allowIps);
    if (!verdict.ok) throw refuse(`${field}.url`, verdict.reason);
    try {
      toolSchemas.compile(tool.input_schema);
    } catch (error) {
      throw refuse(`${field}.input_schema`, `not a valid JSON Schema: ${(error as Error).message}`);
    }
  }
}

/** A tool's settings besides its headers, as every stored and sent form of it carries them. */
export function toolSettings(tool: CallToolInput | StoredCallTool) {
  return {
    name: tool.name,
    description: tool.description,
    input_schema: tool.input_schema,
    url: tool.url,
    method: tool.method,
    timeout_ms: tool.timeout_ms,
    speech: tool.speech ?? null,
  };
}

/** The tools as the call row keeps them: header values sealed. */
export function storedTools(
  tools: CallToolInput[] | null | undefined,
  secret: string,
): StoredCallTool[] | null {
  if (!tools?.length) return null;
  return tools.map((tool) => ({
    ...toolSettings(tool),
    sealed_headers:
      tool.headers && Object.keys(tool.headers).length > 0
        ? sealHeaders(tool.headers, secret)
        : null,
  }));
}

/** Header names with their values hidden, as every API shows a tool's headers. */
export function hiddenHeaders(names: string[]): Record<string, typeof HIDDEN_HEADER_VALUE> {
  return Object.fromEntries(names.map((name) => [name, HIDDEN_HEADER_VALUE]));
}

/** request_data as stored and shown: the tools without their header values. */
export function withoutToolHeaders(sent: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(sent.tools)) return sent;
  const tools = (sent.tools as unknown[]).map((tool) => {
    if (typeof tool !== 'object' || tool === null) return tool;
    const { headers, ...rest } = tool as Record<string, unknown>;
    // The names stay (so a reader sees an Authorization was sent), the values never.
    return headers && typeof headers === 'object'
      ? { ...rest, headers: hiddenHeaders(Object.keys(headers)) }
      : rest;
  });
  return { ...sent, tools };
}
