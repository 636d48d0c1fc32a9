// fast-check arbitraries for values of a JSON Schema from the documents. They aim at valid
// values (real examples by field name where the schema alone cannot say what is real), but the
// fuzzer never trusts that: every body is classified afterwards by validating it (ajv).
import fc from 'fast-check';
import examples from './examples.json';
import { resolve, type Json, type OpenApiDocument, type Schema } from './openapi-document';

/** Real values by field name: a random string is never a voice id or a reachable number. */
const byName: Record<string, readonly Json[]> = {
  phone_number: examples.phoneNumbers,
  from: examples.phoneNumbers,
  voice: examples.voiceIds,
  voice_id: examples.voiceIds,
  email: examples.emails,
  webhook: examples.webhooks,
  language: examples.languages,
  task: examples.tasks,
  base_prompt: examples.tasks,
  text: examples.texts,
  input: examples.texts,
  formSlug: examples.formSlugs,
  slug: examples.blogSlugs,
  redirect_uris: [examples.redirectUris],
};

/** Short strings by default: a long valid text costs real synthesis time on this machine. */
const SHORT = 24;

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? SHORT, min + SHORT);
  switch (schema.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'date-time':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 254));
    case 'uri':
      return fc.webUrl();
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  // Strings of the documented lengths at both ends. The longest is rarer when it is long: a long
  // valid text costs real synthesis time, and each request is bounded (CI runs on 2 cores).
  const longest = schema.maxLength ?? max;
  return fc.oneof(
    { weight: 60, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    { weight: 15, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'binary' }) },
    { weight: ON_BOUND - 2, arbitrary: fc.constant('a'.repeat(min)) },
    { weight: longest > 1_000 ? 1 : ON_BOUND, arbitrary: fc.constant('a'.repeat(longest)) },
  );
}

/** How many of every hundred values sit on a documented bound (positive mode: issue 36). */
const ON_BOUND = 25;

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const step = schema.multipleOf ?? (integer ? 1 : undefined);
  const low = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
  const high = schema.maximum ?? schema.exclusiveMaximum ?? 1e6;
  // The smallest and largest values the bounds allow, on the step when there is one.
  const nudge = step ?? Number.EPSILON * Math.max(1, Math.abs(low), Math.abs(high));
  const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1e6) + nudge;
  const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1e6) - nudge;
  const onStep = (v: number) => (step ? Math.round(v / step) * step : v);
  const bounds = [...new Set([min, max].map(onStep))].filter((v) => v >= low && v <= high);
  const inside = step
    ? fc
        .integer({ min: Math.ceil(min / step), max: Math.floor(max / step) })
        .map((k) => Number((k * step).toFixed(10)))
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  if (bounds.length === 0) return inside;
  return fc.oneof(
    { weight: ON_BOUND, arbitrary: fc.constantFrom(...bounds) },
    { weight: 100 - ON_BOUND, arbitrary: inside },
  );
}

function typedArbitrary(
  document: OpenApiDocument,
  schema: Schema,
  type: string,
  depth: number,
): fc.Arbitrary<Json> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'string':
      return stringArbitrary(schema);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? 3, min + 3);
      const items = schema.items ? valueArbitrary(document, schema.items, depth + 1) : jsonLeaf;
      return fc.array(items, { minLength: min, maxLength: max });
    }
    default:
      return objectArbitrary(document, schema, depth);
  }
}

const jsonLeaf: fc.Arbitrary<Json> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

function objectArbitrary(
  document: OpenApiDocument,
  schema: Schema,
  depth: number,
): fc.Arbitrary<Json> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape: Record<string, fc.Arbitrary<Json>> = {};
  for (const [name, property] of Object.entries(properties)) {
    shape[name] = valueArbitrary(document, property, depth + 1, name);
  }
  const known = fc.record(shape, { requiredKeys: [...required].filter((k) => k in shape) });
  const open = schema.additionalProperties;
  if (Object.keys(properties).length === 0 && open !== false) {
    // A free-form map (lead values, metadata): a few keys with JSON leaves.
    const values = typeof open === 'object' ? valueArbitrary(document, open, depth + 1) : jsonLeaf;
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), values, { maxKeys: 4 });
  }
  return known as fc.Arbitrary<Json>;
}

/** Values for `schema`; `name` (the property name) brings in real examples. */
export function valueArbitrary(
  document: OpenApiDocument,
  raw: Schema,
  depth = 0,
  name?: string,
): fc.Arbitrary<Json> {
  const schema = resolve(document, raw);
  const real = name ? byName[name] : undefined;
  const generic = genericArbitrary(document, schema, depth);
  if (!real) return generic;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...real) },
    { weight: 1, arbitrary: generic },
  );
}

function genericArbitrary(
  document: OpenApiDocument,
  schema: Schema,
  depth: number,
): fc.Arbitrary<Json> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (depth > 6) return jsonLeaf;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && !schema.type && !schema.properties) {
    return fc.oneof(...alternatives.map((s) => valueArbitrary(document, s, depth + 1)));
  }
  const types = Array.isArray(schema.type)
    ? schema.type
    : schema.type
      ? [schema.type]
      : schema.properties
        ? ['object']
        : [];
  if (types.length === 0) return jsonLeaf;
  // Nullable fields are mostly given a value: null alone exercises little.
  return fc.oneof(
    ...types.map((type) => ({
      weight: type === 'null' ? 1 : 4,
      arbitrary: typedArbitrary(document, schema, type, depth),
    })),
  );
}
