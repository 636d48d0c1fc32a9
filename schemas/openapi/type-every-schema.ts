/**
 * Gives every schema of a generated document an explicit `type`, without changing what it
 * accepts. zod writes schemas such as `{ anyOf: [...] }`, `{ not: { const: 'mulaw' } }` or `{}`
 * (any JSON) with no `type`; JSON Schema allows that, but the reference page (Scalar) rejects
 * them as "document validation errors" in the browser's console. Each added `type` is one the
 * schema already implied: the members' types for a union, the value's type for `const`/`enum`,
 * `object` for a bag of `properties`, and every type for a schema that allows any.
 */
type Schema = Record<string, unknown>;

const ANY_TYPE = ['null', 'boolean', 'string', 'number', 'integer', 'object', 'array'];

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function valueType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The document's named schemas, so a `$ref` member of a union gives its type too. */
let components: Record<string, unknown> = {};

function typesOf(schema: Schema): string[] | undefined {
  if (typeof schema.$ref === 'string') {
    const named = components[schema.$ref.replace('#/components/schemas/', '')];
    return isObject(named) && !('$ref' in named) ? typesOf(named) : undefined;
  }
  const { type } = schema;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type as string[];
  return undefined;
}

/** The types a schema with no `type` already limits its values to. */
function impliedTypes(schema: Schema): string[] {
  if ('const' in schema) return [valueType(schema.const)];
  if (Array.isArray(schema.enum)) return [...new Set(schema.enum.map(valueType))];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (!Array.isArray(members)) continue;
    const types = members.map((member) => (isObject(member) ? typesOf(member) : undefined));
    if (types.every((memberTypes) => memberTypes !== undefined)) {
      // `integer` is a kind of `number`: keep `number` alone when both appear.
      const all = new Set(types.flat());
      if (all.has('number')) all.delete('integer');
      return [...all];
    }
  }
  if (isObject(schema.properties) || Array.isArray(schema.required)) return ['object'];
  return ANY_TYPE;
}

const SUBSCHEMA_KEYS = ['items', 'not', 'contentSchema', 'additionalProperties'] as const;
const SUBSCHEMA_LIST_KEYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SUBSCHEMA_MAP_KEYS = ['properties', 'patternProperties'] as const;

function typeSchema(schema: Schema): void {
  for (const key of SUBSCHEMA_KEYS) if (isObject(schema[key])) typeSchema(schema[key]);
  for (const key of SUBSCHEMA_LIST_KEYS) {
    const list = schema[key];
    if (Array.isArray(list)) for (const member of list) if (isObject(member)) typeSchema(member);
  }
  for (const key of SUBSCHEMA_MAP_KEYS) {
    const map = schema[key];
    if (isObject(map))
      for (const member of Object.values(map)) if (isObject(member)) typeSchema(member);
  }
  if ('$ref' in schema || 'type' in schema) return;
  const types = impliedTypes(schema);
  schema.type = types.length === 1 ? types[0] : types;
}

/** Every schema of the document: the components' and each `schema` of a parameter or body. */
function walk(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(walk);
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'schema' && isObject(value)) typeSchema(value);
    else if (key === 'schemas' && isObject(value))
      Object.values(value).forEach((schema) => isObject(schema) && typeSchema(schema));
    else walk(value);
  }
}

export function typeEverySchema<T extends object>(document: T): T {
  const named = (document as { components?: { schemas?: unknown } }).components?.schemas;
  components = isObject(named) ? named : {};
  // Named schemas first: a union that refers to one reads its type.
  Object.values(components).forEach((schema) => isObject(schema) && typeSchema(schema));
  walk(document);
  components = {};
  return document;
}
