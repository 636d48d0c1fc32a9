export type SendResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      message: string;
      status: number;
      code: string | null;
      /** The request field the envelope names (e.g. `analysis_schema.properties.x`), if any. */
      field: string | null;
    };

/**
 * POSTs (or PUTs, PATCHes) JSON to our own origin; returns the parsed body and, on failure, the envelope's
 * message and code.
 */
export async function postJson<T = unknown>(
  path: string,
  body: unknown,
  method: 'POST' | 'PUT' | 'PATCH' = 'POST',
): Promise<SendResult<T>> {
  return send<T>(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Any request to our own origin (a multipart upload, a DELETE), read the same way as postJson's. */
export async function send<T = unknown>(path: string, init: RequestInit): Promise<SendResult<T>> {
  const response = await fetch(path, { ...init, credentials: 'same-origin' });
  const parsed = (await response.json().catch(() => null)) as
    (T & { error?: { message?: string; code?: string; field?: string } }) | null;
  if (response.ok) return { ok: true, data: parsed as T };
  const message = parsed?.error?.message ?? `The request failed (${response.status}).`;
  const retry = response.headers.get('retry-after');
  return {
    ok: false,
    status: response.status,
    code: parsed?.error?.code ?? null,
    field: parsed?.error?.field ?? null,
    message: retry ? `${message} Try again in ${retry} s.` : message,
  };
}
