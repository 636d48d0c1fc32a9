import type { z } from '@/schemas/zod';
import { compactJsonSchema } from './compact-json-schema';

type Io = 'input' | 'output';
type Convert = (options: unknown) => unknown;
interface JsonStandard {
  jsonSchema: Record<Io, Convert>;
}

const wrapped = new WeakMap<object, object>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The same zod schema, whose JSON Schema is converted once per process instead of on every
 * tools/list: the tool server builds a fresh server per request, and converting twenty schemas
 * cost more than the rest of the request. Validation is still zod's own.
 */
export function cachedJsonSchema<T extends z.ZodType>(schema: T): T {
  const hit = wrapped.get(schema);
  if (hit) return hit as T;
  const standard = schema['~standard'] as unknown as JsonStandard;
  const memo = new Map<string, unknown>();
  const convert =
    (io: Io): Convert =>
    (options) => {
      const key = `${io}:${JSON.stringify(options)}`;
      // Frozen: one object serves every request, so nobody may change it (the SDK only spreads it).
      if (!memo.has(key))
        memo.set(key, deepFreeze(compactJsonSchema(standard.jsonSchema[io](options), io)));
      return memo.get(key);
    };
  const cached = {
    ...standard,
    jsonSchema: { input: convert('input'), output: convert('output') },
  };
  const proxy = new Proxy(schema, {
    get: (target, property, receiver) =>
      property === '~standard' ? cached : Reflect.get(target, property, receiver),
  });
  wrapped.set(schema, proxy);
  return proxy;
}
