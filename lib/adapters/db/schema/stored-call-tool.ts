/**
 * One of a call's tools as stored: the request's tool without its header values, which are kept
 * sealed (AES-GCM, lib/calls/actions/seal-headers.ts) so no read of the row can show them.
 */
export interface StoredCallTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
  url: string;
  method: 'POST' | 'GET';
  timeout_ms: number;
  speech: string | null;
  /** The headers object as sealed JSON; null without headers. */
  sealed_headers: string | null;
}
