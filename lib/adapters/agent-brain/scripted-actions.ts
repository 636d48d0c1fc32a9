import type { AgentAction, AgentActionSpec, AgentContext, AgentLine } from './types';

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
 * agent-action lines so far say which have run.
 */
export function nextScriptedAction(context: AgentContext): AgentAction | undefined {
  const named = namedInTask(context.task, context.actions ?? []);
  // Done: an agent-action line names it (key presses and transfers write lines of their own).
  // (The model reads a tool's result in its line's place, "The tool book_slot answered: …".)
  const ran = (name: string) => {
    const named = new RegExp(`(^|[^\\w-])${name.replace(/[^\w-]/g, '')}($|[^\\w-])`);
    return context.turns.some((t) => t.user === 'agent-action' && named.test(t.text));
  };
  const spec = named.find((candidate) => !ran(candidate.name));
  return spec ? { name: spec.name, input: sampleValue(spec.parameters) } : undefined;
}

/** "press 1 for sales, 2 for support" → the digits and what each is for. */
export function menuChoices(text: string): { digit: string; what: string }[] {
  if (!/\bpress\b/i.test(text)) return [];
  const choices: { digit: string; what: string }[] = [];
  for (const match of text.matchAll(
    /(?:press\s+)?([0-9*#])\s+(?:for|to)\s+([a-z][a-z ]{0,30}?)(?=[,.;!?]|\s+or\b|$)/gi,
  )) {
    choices.push({ digit: match[1]!, what: match[2]!.trim().toLowerCase() });
  }
  return choices;
}

const ASKS_FOR_HUMAN =
  /\b(speak|talk)\s+(to|with)\s+(a\s+)?(human|person|real person|someone|representative|agent|manager)\b|\b(human|real person|representative),?\s+please\b|\btransfer me\b/i;

export const asksForHuman = (text: string) => ASKS_FOR_HUMAN.test(text);

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);

/** Of `options`, the first one the task (or what was heard) names, else the first. */
function pick<T>(options: T[], name: (option: T) => string, ...texts: string[]): T | undefined {
  const words = wordsOf(texts.join(' '));
  return (
    options.find((o) =>
      name(o)
        .split(/\s+/)
        .some((w) => words.has(w)),
    ) ?? options[0]
  );
}

/**
 * The scripted agent's actions (the embedded default shows them without a model): the digit a
 * phone menu asks for, by the task's words, and a transfer when the callee asks for a person.
 * Only what the call offers (context.actions); null: just talk.
 */
export function scriptedAction(context: AgentContext): AgentLine | null {
  const heard = context.turns.at(-1);
  if (heard?.user !== 'user') return null;
  const offered = new Map((context.actions ?? []).map((spec) => [spec.name, spec]));
  if (offered.has('press_digits')) {
    const choice = pick(menuChoices(heard.text), (c) => c.what, context.task);
    if (choice) {
      return {
        text: '',
        end: false,
        action: { name: 'press_digits', input: { digits: choice.digit } },
      };
    }
  }
  const transfer = offered.get('transfer_call');
  if (transfer && asksForHuman(heard.text)) {
    const to = (transfer.parameters.properties as { to?: { enum?: string[] } } | undefined)?.to;
    const label = pick(to?.enum ?? [], (l) => l, heard.text, context.task);
    return {
      text: 'Of course, let me transfer you to a person.',
      end: false,
      action: { name: 'transfer_call', input: label ? { to: label } : {} },
    };
  }
  return null;
}
