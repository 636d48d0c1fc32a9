import type { AgentAction, AgentActionSpec, AgentContext } from './types';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value the schema accepts: its example, default or first enum value, else a plain one. */
export function sampleValue(schema: unknown): unknown {
  if (!isSchema(schema)) return 'example';
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      return Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, sampleValue(property)]),
      );
    }
    case 'array':
      return [sampleValue(schema.items)];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return schemaString(schema);
  }
}

/** A string of the schema's format, or a plain word long enough for its minLength. */
function schemaString(schema: Schema): string {
  if (schema.format === 'date') return '2026-01-15';
  if (schema.format === 'date-time') return '2026-01-15T10:00:00Z';
  if (schema.format === 'email') return 'caller@example.com';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return 'example'.padEnd(min, 'x');
}

/** The offered actions the task names, in the order the task names them. */
function namedInTask(task: string, actions: AgentActionSpec[]): AgentActionSpec[] {
  const lower = task.toLowerCase();
  return actions
    .map((spec) => ({ spec, at: lower.indexOf(spec.name.toLowerCase()) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ spec }) => spec);
}

/**
 * The scripted agent's next action: those the task names are called once each, in order; the
 * agent-action lines so far say how many have run.
 */
export function nextScriptedAction(context: AgentContext): AgentAction | undefined {
  const named = namedInTask(context.task, context.actions ?? []);
  const done = context.turns.filter((t) => t.user === 'agent-action').length;
  const spec = named[done];
  return spec ? { name: spec.name, input: sampleValue(spec.parameters) } : undefined;
}
