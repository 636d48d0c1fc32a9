import type { z } from '@/schemas/zod';

interface Standard {
  validate(value: unknown): unknown;
}

const wrapped = new WeakMap<object, object>();

/**
 * The same tool input schema, whose validation hands the tool the arguments as the caller sent
 * them (not zod's output, with its defaults and trimming): a call's `request_data` and its
 * idempotency hash are then what the caller sent, through the tool server as through REST.
 */
export function asSent<T extends z.ZodType>(schema: T): T {
  const hit = wrapped.get(schema);
  if (hit) return hit as T;
  const standard = schema['~standard'] as unknown as Standard;
  const sent = {
    ...standard,
    validate: async (value: unknown) => {
      const result = (await standard.validate(value)) as { issues?: unknown[] };
      return result.issues ? result : { value };
    },
  };
  const proxy = new Proxy(schema, {
    get: (target, property, receiver) =>
      property === '~standard' ? sent : Reflect.get(target, property, receiver),
  });
  wrapped.set(schema, proxy);
  return proxy;
}
