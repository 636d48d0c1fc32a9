/** Sends JSON (POST unless told) to our own origin; returns the parsed body or the envelope's message. */
export async function postJson<T = unknown>(
  path: string,
  body: unknown,
  method: 'POST' | 'PATCH' = 'POST',
): Promise<{ ok: true; data: T } | { ok: false; message: string; status: number }> {
  const response = await fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const parsed = (await response.json().catch(() => null)) as
    (T & { error?: { message?: string } }) | null;
  if (response.ok) return { ok: true, data: parsed as T };
  const message = parsed?.error?.message ?? `The request failed (${response.status}).`;
  const retry = response.headers.get('retry-after');
  return {
    ok: false,
    status: response.status,
    message: retry ? `${message} Try again in ${retry} s.` : message,
  };
}
