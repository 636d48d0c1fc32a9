import type { AnalysisField, AnalysisSchemaObject } from '@/schemas/call-analysis';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

function scalarProblem(value: unknown, field: AnalysisField): string | null {
  switch (field.type) {
    case 'boolean':
      if (typeof value !== 'boolean') return 'must be a boolean';
      break;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be an integer';
      break;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      break;
    default:
      if (typeof value !== 'string') return 'must be a string';
      if (field.format === 'date' && !DATE.test(value)) return 'must be a date (YYYY-MM-DD)';
      if (field.format === 'time' && !TIME.test(value)) return 'must be a time (HH:MM[:SS])';
      if (field.format === 'date-time' && Number.isNaN(Date.parse(value)))
        return 'must be a date-time (ISO 8601)';
  }
  if (field.enum && !field.enum.includes(value as string | number | boolean))
    return `must be one of ${JSON.stringify(field.enum)}`;
  return null;
}

/**
 * Why an answer does not validate against the call's analysis_schema (empty: it does). The
 * subset is small enough to check by hand; each problem names its field.
 */
export function analysisProblems(value: unknown, schema: AnalysisSchemaObject): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return ['the answer must be a JSON object'];
  const answer = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const name of schema.required ?? []) {
    if (answer[name] === undefined || answer[name] === null)
      problems.push(`${name}: required but missing`);
  }
  for (const [name, item] of Object.entries(answer)) {
    const field = schema.properties[name];
    if (!field) {
      if (schema.additionalProperties !== true) problems.push(`${name}: not a field of the schema`);
      continue;
    }
    // Null stands for "not answered" unless the field is required (reported above).
    if (item === null) continue;
    if (field.type === 'array') {
      if (!Array.isArray(item)) {
        problems.push(`${name}: must be an array`);
        continue;
      }
      item.forEach((element, i) => {
        const problem = scalarProblem(element, field.items ?? { type: 'string' });
        if (problem) problems.push(`${name}[${i}]: ${problem}`);
      });
      continue;
    }
    const problem = scalarProblem(item, field);
    if (problem) problems.push(`${name}: ${problem}`);
  }
  return problems;
}
