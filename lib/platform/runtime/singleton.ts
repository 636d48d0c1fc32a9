// server.ts and Next's bundled route code load separate copies of our modules in one
// process; keeping process-wide objects on globalThis makes both copies share one instance.
export function singleton<T>(name: string, create: () => T): T {
  const key = Symbol.for(`voiceai.${name}`);
  const slots = globalThis as unknown as Record<symbol, T | undefined>;
  const existing = slots[key];
  if (existing !== undefined) return existing;
  const created = create();
  slots[key] = created;
  return created;
}

export function resetSingleton(name: string): void {
  const slots = globalThis as unknown as Record<symbol, unknown>;
  delete slots[Symbol.for(`voiceai.${name}`)];
}
