// The browser side of POST /api/leads: one event_id per submission attempt, reused by its
// automatic retries, so a retry after a lost answer is a replay and never a second lead.

export interface LeadRequestBody {
  formSlug: string;
  values: Record<string, string | number | boolean | string[]>;
  attribution?: Record<string, unknown>;
  botCheckToken?: string;
}

export type LeadReply =
  | { kind: 'ok'; body: Record<string, unknown> }
  | { kind: 'error'; status: number; code: string; message: string; field?: string };

const RETRYABLE = new Set([500, 502, 503, 504]);

export interface PostLeadOptions {
  fetch?: typeof fetch;
  /** Waits between tries; tests pass one that resolves at once. */
  wait?: (ms: number) => Promise<void>;
  newId?: () => string;
  delaysMs?: number[];
}

function readError(status: number, body: unknown): LeadReply {
  const error =
    typeof body === 'object' && body !== null
      ? (body as { error?: { code?: unknown; message?: unknown; field?: unknown } }).error
      : undefined;
  return {
    kind: 'error',
    status,
    code: typeof error?.code === 'string' ? error.code : 'UNKNOWN',
    message:
      typeof error?.message === 'string'
        ? error.message
        : 'Something went wrong. Please try again.',
    ...(typeof error?.field === 'string' ? { field: error.field } : {}),
  };
}

/** Sends one submission attempt, retrying network failures and 5xx answers with the same event_id. */
export async function postLead(
  body: LeadRequestBody,
  options: PostLeadOptions = {},
): Promise<LeadReply> {
  const doFetch = options.fetch ?? fetch;
  const wait = options.wait ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const delays = options.delaysMs ?? [1_000, 3_000];
  const eventId = (options.newId ?? (() => crypto.randomUUID()))();
  const payload = JSON.stringify({ ...body, event_id: eventId });
  let last: LeadReply = {
    kind: 'error',
    status: 0,
    code: 'NETWORK',
    message: 'We could not reach the server. Check your connection and try again.',
  };
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    if (attempt > 0) await wait(delays[attempt - 1]!);
    let response: Response;
    try {
      response = await doFetch('/api/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
      });
    } catch {
      continue; // network failure: retry with the same event_id
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.ok && typeof json === 'object' && json !== null) {
      return { kind: 'ok', body: json as Record<string, unknown> };
    }
    last = readError(response.status, json);
    if (!RETRYABLE.has(response.status)) return last;
  }
  return last;
}
