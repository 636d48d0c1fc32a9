// Results after a call (issue 33): how its summary is written, the fields extracted from it
// (`analysis_schema`, a small subset of JSON Schema), and the caller's own metadata.
import { z } from './zod';
import { STORABLE, storable, storableDeep } from './text';

export const MAX_ANALYSIS_PROPERTIES = 50;
export const MAX_METADATA_BYTES = 16 * 1024;

const SCALAR_TYPES = ['string', 'number', 'integer', 'boolean'] as const;
type ScalarType = (typeof SCALAR_TYPES)[number];

/** One extracted field: a scalar, or an array of scalars. */
export interface AnalysisField {
  type: ScalarType | 'array';
  description?: string;
  title?: string;
  enum?: (string | number | boolean)[];
  format?: 'date' | 'date-time' | 'time';
  examples?: unknown[];
  items?: AnalysisField;
}

/** The whole analysis_schema: an object of at most 50 such fields. */
export interface AnalysisSchemaObject {
  type: 'object';
  properties: Record<string, AnalysisField>;
  required?: string[];
  additionalProperties?: boolean;
  description?: string;
  title?: string;
}

const NOTE_KEYS = new Set(['description', 'title', 'examples']);
const SCALAR_KEYS = new Set([...NOTE_KEYS, 'type', 'enum', 'format']);
const ARRAY_KEYS = new Set([...NOTE_KEYS, 'type', 'items']);
const ROOT_KEYS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'description',
  'title',
  '$schema',
]);
const FORMATS = new Set(['date', 'date-time', 'time']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Problem = { path: (string | number)[]; message: string };

const unsupported = (key: string) =>
  `keyword "${key}" is not supported (analysis_schema takes type, properties, required, enum, ` +
  'items, format, description, title, examples)';

function checkNotes(node: Record<string, unknown>, path: (string | number)[], out: Problem[]) {
  for (const key of ['description', 'title'] as const) {
    if (key in node && typeof node[key] !== 'string')
      out.push({ path: [...path, key], message: `${key} must be a string` });
  }
  if ('examples' in node && !Array.isArray(node.examples))
    out.push({ path: [...path, 'examples'], message: 'examples must be an array' });
}

function checkField(
  node: unknown,
  path: (string | number)[],
  out: Problem[],
  inArray: boolean,
): void {
  if (!isObject(node)) {
    out.push({ path, message: 'must be a schema object' });
    return;
  }
  const type = node.type;
  const isArray = type === 'array' && !inArray;
  // An unknown keyword is named first: it is what the sender most needs to hear about.
  const unknown = Object.keys(node).find((key) => !SCALAR_KEYS.has(key) && !ARRAY_KEYS.has(key));
  if (unknown) {
    out.push({ path: [...path, unknown], message: unsupported(unknown) });
    return;
  }
  if (!isArray && !SCALAR_TYPES.includes(type as ScalarType)) {
    out.push({
      path: [...path, 'type'],
      message: inArray
        ? 'items take type string, number, integer or boolean (no arrays of arrays or objects)'
        : `keyword "type" must be string, number, integer, boolean or array (got ${JSON.stringify(type ?? null)})`,
    });
    return;
  }
  const allowed = isArray ? ARRAY_KEYS : SCALAR_KEYS;
  const extra = Object.keys(node).find((key) => !allowed.has(key));
  if (extra) {
    out.push({ path: [...path, extra], message: unsupported(extra) });
    return;
  }
  checkNotes(node, path, out);
  if (isArray) {
    if (!('items' in node)) out.push({ path, message: 'an array needs "items"' });
    else checkField(node.items, [...path, 'items'], out, true);
    return;
  }
  if ('enum' in node) {
    const values = node.enum;
    const matches = (v: unknown) =>
      type === 'string'
        ? typeof v === 'string'
        : type === 'boolean'
          ? typeof v === 'boolean'
          : typeof v === 'number' && (type === 'number' || Number.isInteger(v));
    if (!Array.isArray(values) || values.length === 0 || values.length > 100)
      out.push({ path: [...path, 'enum'], message: 'enum must list 1–100 values' });
    else if (!values.every(matches))
      out.push({ path: [...path, 'enum'], message: `every enum value must be of type ${type}` });
  }
  if ('format' in node && (type !== 'string' || !FORMATS.has(String(node.format))))
    out.push({
      path: [...path, 'format'],
      message: 'format must be date, date-time or time, on a string',
    });
}

/** Every way `value` falls outside the subset, each naming where (and the keyword). */
export function analysisSchemaProblems(value: unknown): Problem[] {
  const out: Problem[] = [];
  if (!isObject(value)) return [{ path: [], message: 'must be a JSON Schema object' }];
  const extra = Object.keys(value).find((key) => !ROOT_KEYS.has(key));
  if (extra) return [{ path: [extra], message: unsupported(extra) }];
  if (value.type !== 'object')
    return [{ path: ['type'], message: 'keyword "type" must be "object" at the top' }];
  checkNotes(value, [], out);
  const properties = value.properties;
  if (!isObject(properties)) return [{ path: ['properties'], message: 'must be an object' }];
  const names = Object.keys(properties);
  if (names.length === 0 || names.length > MAX_ANALYSIS_PROPERTIES)
    return [
      {
        path: ['properties'],
        message: `must name 1–${MAX_ANALYSIS_PROPERTIES} fields (got ${names.length})`,
      },
    ];
  for (const name of names) {
    if (name.length > 100) out.push({ path: ['properties'], message: 'a field name is too long' });
    checkField(properties[name], ['properties', name], out, false);
  }
  if ('required' in value) {
    const required = value.required;
    if (!Array.isArray(required) || !required.every((r) => names.includes(r as string)))
      out.push({ path: ['required'], message: 'required must list names of properties' });
  }
  if ('additionalProperties' in value && typeof value.additionalProperties !== 'boolean')
    out.push({ path: ['additionalProperties'], message: 'must be a boolean' });
  return out;
}

export const MAX_ANALYSIS_SCHEMA_BYTES = 16 * 1024;

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

export const AnalysisSchema = z
  .record(z.string(), z.unknown())
  .refine(storableDeep, STORABLE)
  // Every call of a batch keeps its own copy: 10,000 of them.
  .refine((value) => jsonBytes(value) <= MAX_ANALYSIS_SCHEMA_BYTES, {
    message: `must be at most ${MAX_ANALYSIS_SCHEMA_BYTES} bytes as JSON (16 KB)`,
  })
  .superRefine((value, ctx) => {
    for (const problem of analysisSchemaProblems(value).slice(0, 1))
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  })
  .transform((value) => value as unknown as AnalysisSchemaObject)
  .openapi({
    type: 'object',
    example: {
      type: 'object',
      properties: {
        interested: { type: 'boolean', description: 'Wants a follow-up' },
        budget: { type: 'number' },
        plan: { type: 'string', enum: ['basic', 'pro'] },
      },
    },
  })
  .describe(
    'The fields to extract from the call into `analysis`: a JSON Schema object of at most ' +
      `${MAX_ANALYSIS_PROPERTIES} properties, each string, number, integer, boolean (with enum, ` +
      'format date/date-time/time) or an array of those; keywords: type, properties, required, ' +
      'additionalProperties, enum, items, format, description, title, examples. Anything else is ' +
      '400 naming the keyword. At most 16 KB as JSON.',
  )
  .meta({ id: 'AnalysisSchema' });

const prompt = (what: string) =>
  z.string().trim().min(1).regex(/\S/).max(5_000).refine(storable, STORABLE).describe(what);

export const SummaryPrompt = prompt(
  'How to write the call’s `summary` (up to 5,000 characters), e.g. "One line: outcome and next step."',
);
export const AnalysisPrompt = prompt(
  'Guidance for extracting `analysis` (up to 5,000 characters); used with analysis_schema.',
);

export const Metadata = z
  .record(z.string(), z.unknown())
  .refine(storableDeep, STORABLE)
  .refine((value) => jsonBytes(value) <= MAX_METADATA_BYTES, {
    message: `must be at most ${MAX_METADATA_BYTES} bytes as JSON (16 KB)`,
  });

/** The request fields of results after a call, shared by calls, batches' call_params and agents. */
export const callResultFields = {
  summary_prompt: SummaryPrompt.nullish(),
  // A union, not .nullish(): zod-to-openapi writes a nullable registered schema as its bare $ref
  // (or an allOf no null can satisfy), so the document would refuse the null the API accepts.
  analysis_schema: z.union([AnalysisSchema, z.null()]).optional(),
  analysis_prompt: AnalysisPrompt.nullish(),
};

/** How `analysis` was made: by the language model, or by the scripted default (no model). */
export const analysisByValues = ['llm', 'scripted'] as const;

/** The call detail's result fields. */
export const callResultDetailFields = {
  analysis: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe(
      'The fields analysis_schema asked for, validated against it; null without a schema, ' +
        'before the call ends, or when extraction failed (then analysis_error says why).',
    ),
  analysis_error: z
    .string()
    .nullable()
    .describe(
      'Why analysis is null although a schema was given (an answer that did not validate twice).',
    ),
  analysis_by: z
    .enum(analysisByValues)
    .nullable()
    .describe(
      '`llm`: extracted by the language model; `scripted`: by the built-in scripted brain (no ' +
        'model configured: booleans from yes/no, numbers and dates from the callee’s lines, enum ' +
        'values matched by word).',
    ),
  analysis_schema: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('The schema the analysis follows (the call’s, or the last POST /analyze’s).'),
};

export const ANALYZE_REQUESTS_PER_MINUTE = 30;

export const CallAnalyzeRequest = z
  .object({
    analysis_schema: AnalysisSchema,
    analysis_prompt: AnalysisPrompt.nullish(),
  })
  .describe('The fields to extract this time; they replace the call’s analysis and its schema.')
  .meta({ id: 'CallAnalyzeRequest' });

export const CallAnalyzeResponse = z
  .object({
    status: z.literal('success'),
    call_id: z.uuid(),
    ...callResultDetailFields,
  })
  .meta({ id: 'CallAnalyzeResponse' });
export type CallAnalyzeResponseBody = z.infer<typeof CallAnalyzeResponse>;
