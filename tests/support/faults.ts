import { expect } from 'vitest';

/** What one request of a fault run got: the status and, for an error, its documented code. */
export interface Answer {
  status: number;
  code: string | null;
  retryAfter: string | null;
}

/** Reads the answer of a failed request (either envelope: `error.code`, or the speech 429's `error`). */
export async function answerOf(response: Response): Promise<Answer> {
  const retryAfter = response.headers.get('retry-after');
  if (response.ok) return { status: response.status, code: null, retryAfter };
  const text = await response.text();
  let code: string | null = null;
  try {
    const body = JSON.parse(text) as { error?: string | { code?: string } };
    code = typeof body.error === 'string' ? body.error : (body.error?.code ?? null);
  } catch {
    code = `not JSON: ${text.slice(0, 80)}`;
  }
  return { status: response.status, code, retryAfter };
}

/**
 * Every answer is a success or one of the `allowed` failures (`"503 SERVICE_UNAVAILABLE"`), and a
 * 503 or 429 tells the client when to come back.
 */
export function expectOnlyDocumented(answers: Answer[], allowed: string[]): void {
  const unexpected = answers
    .filter((a) => a.status >= 300)
    .map((a) => `${a.status} ${a.code}`)
    .filter((seen) => !allowed.includes(seen));
  expect(unexpected).toEqual([]);
  for (const a of answers.filter((a) => a.status === 503 || a.status === 429)) {
    expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
  }
}

/** A background loop a test starts before a fault and stops after recovery. */
export function loop(body: () => Promise<void>): { stop(): Promise<void> } {
  let running = true;
  const done = (async () => {
    while (running) await body();
  })();
  return {
    stop: async () => {
      running = false;
      await done;
    },
  };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
