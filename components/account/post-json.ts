/**
 * POSTs (or PUTs) JSON to our own origin; returns the parsed body and, on failure, the envelope's
 * message and code.
 */
export async function postJson<T = unknown>(
  path: string,
  body: unknown,
  method: 'POST' | 'PUT' = 'POST',
): Promise<
  { ok: true; data: T } | { ok: false; message: string; status: number; code: string | null }
> {
  const response = await fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const parsed = (await response.json().catch(() => null)) as
    (T & { error?: { message?: string; code?: string } }) | null;
  if (response.ok) return { ok: true, data: parsed as T };
  const message = parsed?.error?.message ?? `The request failed (${response.status}).`;
  const retry = response.headers.get('retry-after');
  return {
    ok: false,
    status: response.status,
    code: parsed?.error?.code ?? null,
    message: retry ? `${message} Try again in ${retry} s.` : message,
  };
}
