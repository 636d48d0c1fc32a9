/**
 * Rejects with `new Error("no answer within <ms> ms")` when `work` has not settled in time. The
 * work itself is not cancelled; use this where a late answer is harmless (idempotent calls).
 */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
