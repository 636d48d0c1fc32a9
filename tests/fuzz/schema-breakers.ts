// Mutations that take a (mostly valid) value away from its schema: a required field dropped, a
// wrong type, a string past its bounds, a number out of range, an unknown enum member, nasty text
// (NUL, lone surrogates, injection strings), a deep nest. Whether the result is really invalid is
// decided afterwards by validating it, never assumed.
import fc from 'fast-check';
import { resolve, type Json, type OpenApiDocument, type Schema } from './openapi-document';

export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '😀'.repeat(40),
  "' OR 1=1 --",
  '"; DROP TABLE calls; --',
  '{{7*7}}${7*7}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%ff%fe',
  'null',
  '-1',
  '1e309',
  'NaN',
  '\r\nX-Injected: 1',
];

const kinds = [
  'dropRequired',
  'wrongType',
  'tooLong',
  'tooShort',
  'outOfRange',
  'badEnum',
  'nasty',
  'deepNest',
  'rootReplaced',
] as const;

export interface Breaker {
  kind: (typeof kinds)[number];
  /** Picks which property (modulo the candidates). */
  pick: number;
  nasty: string;
  depth: number;
}

export const breakerArbitrary: fc.Arbitrary<Breaker> = fc.record({
  kind: fc.constantFrom(...kinds),
  pick: fc.nat(),
  nasty: fc.constantFrom(...NASTY_STRINGS),
  depth: fc.integer({ min: 20, max: 2000 }),
});

export function deepNest(depth: number, leaf: Json = 1): Json {
  let value: Json = leaf;
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

function wrongTypeFor(schema: Schema): Json {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'object'];
  if (!types.includes('string')) return 'not-a-' + String(types[0]);
  if (!types.includes('number') && !types.includes('integer')) return 12345;
  if (!types.includes('array')) return ['x'];
  return { unexpected: true };
}

function outOfRange(schema: Schema): Json {
  if (schema.maximum !== undefined) return schema.maximum + 1;
  if (schema.minimum !== undefined) return schema.minimum - 1;
  if (schema.type === 'integer') return 1.5;
  return 1e308;
}

/** Applies `breaker` to `value` (an instance of `raw`); returns the new value. */
export function applyBreaker(
  document: OpenApiDocument,
  raw: Schema,
  value: Json,
  breaker: Breaker,
): Json {
  const schema = resolve(document, raw);
  if (breaker.kind === 'rootReplaced') {
    const roots: Json[] = [[], 'text', 42, null, true, [value]];
    return roots[breaker.pick % roots.length]!;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return breaker.kind === 'deepNest' ? deepNest(breaker.depth) : breaker.nasty;
  }
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (breaker.kind === 'dropRequired') {
    const required = schema.required ?? [];
    const copy = { ...value };
    if (required.length > 0) delete copy[required[breaker.pick % required.length]!];
    return copy;
  }
  if (names.length === 0) return { ...value, [breaker.nasty || 'k']: deepNest(breaker.depth) };
  const name = names[breaker.pick % names.length]!;
  const property = resolve(document, properties[name]!);
  const current = value[name];
  const copy: { [key: string]: Json } = { ...value };
  switch (breaker.kind) {
    case 'wrongType':
      copy[name] = wrongTypeFor(property);
      break;
    case 'tooLong': {
      const length = (property.maxLength ?? 1000) + 1 + (breaker.pick % 50);
      copy[name] =
        property.type === 'array' || property.items
          ? Array.from({ length: (property.maxItems ?? 100) + 1 }, () => 'x')
          : 'x'.repeat(length);
      break;
    }
    case 'tooShort':
      copy[name] = property.type === 'array' ? [] : '';
      break;
    case 'outOfRange':
      copy[name] = outOfRange(property);
      break;
    case 'badEnum':
      copy[name] = property.enum ? `not-${String(property.enum[0])}` : breaker.nasty;
      break;
    case 'nasty':
      copy[name] = typeof current === 'string' || current === undefined ? breaker.nasty : current;
      break;
    case 'deepNest':
      copy[name] = deepNest(breaker.depth);
      break;
  }
  return copy;
}
