type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What zod's `z.int()` adds to every integer: the safe-integer range, true of any JSON number. */
const SAFE_BOUNDS: Record<string, number> = {
  minimum: Number.MIN_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
};

const isEmpty = (value: unknown) => isObject(value) && Object.keys(value).length === 0;

/** `anyOf: [X, {type: 'null'}]` as X with `null` added to its type (and enum): one level less. */
function nullable(node: Json, output: boolean): Json {
  const options = node.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return node;
  const nullAt = options.findIndex(
    (o) => isObject(o) && o.type === 'null' && Object.keys(o).length === 1,
  );
  const other: unknown = options[1 - nullAt];
  if (nullAt < 0 || !isObject(other) || typeof other.type !== 'string') return node;
  const { anyOf: _anyOf, ...rest } = node;
  // An input documents the value to send; null means the same as leaving the argument out.
  if (!output) return { ...other, ...rest };
  const merged: Json = { ...other, ...rest, type: [other.type, 'null'] };
  if (Array.isArray(other.enum)) merged.enum = [...(other.enum as unknown[]), null];
  return merged;
}

function strip(node: unknown, output: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => strip(item, output));
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    // A format says it already; zod's regex beside it is hundreds of bytes an agent cannot use.
    if (key === 'pattern' && typeof node.format === 'string') continue;
    if (key in SAFE_BOUNDS && value === SAFE_BOUNDS[key]) continue;
    // Every JSON key is a string, and `{}` allows anything: both say nothing.
    if (key === 'propertyNames' && isObject(value) && value.type === 'string') continue;
    if (key === 'additionalProperties' && isEmpty(value)) continue;
    // Outputs are ours: a client need not reject a field we add later. Their `required` lists
    // repeat every field name; the server's instructions say once that fields are always present
    // unless a description says when they are left out (a test holds the descriptions to it).
    if (output && key === 'additionalProperties' && value === false) continue;
    if (output && key === 'required') continue;
    // An output's ids, times and links need no format: they are ours, always uuids, ISO 8601
    // times and absolute URLs.
    if (output && key === 'format') continue;
    // Conditions across an object's fields (AudioSpec's μ-law and rate rules): its description
    // says them in words, and zod still checks them; as JSON Schema they cost 600 bytes.
    if (
      !output &&
      key === 'allOf' &&
      isObject(node.properties) &&
      typeof node.description === 'string'
    )
      continue;
    if (!output && key === 'type' && Array.isArray(value) && value.length === 2) {
      const [first, second] = value as unknown[];
      if (second === 'null' || first === 'null') {
        out.type = second === 'null' ? first : second;
        continue;
      }
    }
    if (output && key === 'minimum' && value === 0 && node.type === 'integer') continue;
    out[key] = strip(value, output);
  }
  return nullable(out, output);
}

const refCount = (node: unknown, ref: string): number =>
  JSON.stringify(node).split(`"$ref":${JSON.stringify(ref)}`).length - 1;
const refsTo = (node: unknown, ref: string): boolean => refCount(node, ref) > 0;

/** Replaces every `{"$ref": ref, ...siblings}` by the definition merged with its siblings. */
function replaceRef(node: unknown, ref: string, target: Json): unknown {
  if (Array.isArray(node)) return node.map((item) => replaceRef(item, ref, target));
  if (!isObject(node)) return node;
  if (node.$ref === ref) {
    const { $ref: _ref, ...siblings } = node;
    return { ...target, ...siblings };
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, replaceRef(value, ref, target)]),
  );
}

/** A shape defined once and used once is written in place: no `$defs` entry, no `$ref`. */
function inlineSingleUse(schema: Json): Json {
  let current = schema;
  for (;;) {
    const defs = current.$defs;
    if (!isObject(defs)) return current;
    const once = Object.keys(defs).find((name) => {
      const ref = `#/$defs/${name}`;
      const { $defs: _defs, ...body } = current;
      const inOthers = Object.entries(defs).some(
        ([other, def]) => other !== name && refsTo(def, ref),
      );
      return !refsTo(defs[name], ref) && !inOthers && refCount(body, ref) === 1;
    });
    if (once === undefined) return current;
    const ref = `#/$defs/${once}`;
    const { [once]: target, ...rest } = defs;
    const { $defs: _defs, ...body } = current;
    const replaced = replaceRef(body, ref, target as Json) as Json;
    current = Object.keys(rest).length > 0 ? { ...replaced, $defs: rest } : replaced;
  }
}

/** A root `{"$ref": "#/$defs/X"}` becomes X itself: clients that read `properties` see them. */
function inlineRoot(schema: Json): Json {
  const ref = schema.$ref;
  const defs = schema.$defs;
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/') || !isObject(defs)) return schema;
  const name = ref.slice('#/$defs/'.length);
  const target = defs[name];
  if (!isObject(target)) return schema;
  const { $ref: _ref, $defs: _defs, ...rest } = schema;
  const others = Object.fromEntries(Object.entries(defs).filter(([key]) => key !== name));
  const merged: Json = { ...rest, ...target };
  // Kept when something still points at it (a recursive shape); else dropped.
  if (refsTo({ merged, others }, ref)) others[name] = target;
  return Object.keys(others).length > 0 ? { ...merged, $defs: others } : merged;
}

/**
 * A tool's JSON Schema as an agent's context can afford it (issue 21): no `$schema` (2020-12 is
 * the default dialect of tools/list), no regex beside a `format`, no safe-integer bounds, and no
 * root `$ref`; nullable shapes without an `anyOf`, and outputs without `additionalProperties: false`
 * (a client on an older schema should not reject a field we add). Validation is unchanged on our side: zod still checks every input and output.
 */
export function compactJsonSchema(schema: unknown, io: 'input' | 'output'): unknown {
  if (!isObject(schema)) return schema;
  const { $schema: _dialect, ...rest } = schema;
  const compact = strip(inlineSingleUse(inlineRoot(rest)), io === 'output') as Json;
  if (io === 'input') return compact;
  // The tool's own description says what it returns.
  const { description: _said, ...output } = compact;
  return output;
}
