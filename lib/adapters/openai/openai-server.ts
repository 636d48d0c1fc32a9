import OpenAI from 'openai';

/** An OpenAI-compatible server (OpenAI itself or a self-hosted one) and the model to ask. */
export interface OpenAiServer {
  baseURL: string;
  apiKey?: string;
  model: string;
}

/**
 * The official client for `server`, and the line that names it in health and logs. Self-hosted
 * servers often take no key, but the client insists on one.
 */
export function openAiClient(
  server: OpenAiServer,
  role: string,
  limits: { timeoutMs?: number; maxRetries?: number } = {},
): { client: OpenAI; description: string } {
  return {
    client: new OpenAI({
      baseURL: server.baseURL,
      apiKey: server.apiKey ?? 'unused',
      ...(limits.timeoutMs === undefined ? {} : { timeout: limits.timeoutMs }),
      ...(limits.maxRetries === undefined ? {} : { maxRetries: limits.maxRetries }),
    }),
    description: `${role} (${new URL(server.baseURL).host}, model ${server.model})`,
  };
}
