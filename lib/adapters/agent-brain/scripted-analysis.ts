// The scripted brain's analysis: no model, so the fields are read off the transcript by rule.
// Same transcript and schema, same analysis.
import type { AnalysisField, AnalysisSchemaObject } from '@/schemas/call-analysis';
import type { LineTurn } from '../telephony/types';

const YES = new Set(['yes', 'yeah', 'yep', 'sure', 'correct', 'right', 'absolutely', 'definitely']);
const NO = new Set(['no', 'nope', 'not', 'never', "don't", 'dont', 'nah']);

const NUMBER_WORDS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16,
  seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50,
  sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100,
}; // prettier-ignore

const MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
]; // prettier-ignore

const STOP = new Set(['the', 'a', 'an', 'of', 'to', 'is', 'are', 'and', 'or', 'in', 'on', 'for']);

const words = (text: string) => text.toLowerCase().match(/[a-z']+/g) ?? [];

/** The words a field is about: its name split on _ - and case, and its description's. */
function topicWords(name: string, field: AnalysisField): Set<string> {
  const split = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return new Set(
    [...words(split), ...words(field.description ?? '')].filter(
      (w) => w.length > 2 && !STOP.has(w),
    ),
  );
}

/** yes → true, no → false, by the first such word of the line; undefined when it has none. */
export function yesNo(text: string): boolean | undefined {
  for (const word of words(text)) {
    if (YES.has(word)) return true;
    if (NO.has(word)) return false;
  }
  return undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Dates written out in a line, as YYYY-MM-DD: 2026-12-01, 12/1/2026, December 1(st), 2026. */
export function datesIn(text: string): string[] {
  const found: { at: number; date: string }[] = [];
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g))
    found.push({ at: m.index, date: `${m[1]}-${m[2]}-${m[3]}` });
  for (const m of text.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g))
    found.push({ at: m.index, date: `${m[3]}-${pad(Number(m[1]))}-${pad(Number(m[2]))}` });
  const month = new RegExp(
    `\\b(${MONTHS.join('|')})\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`,
    'gi',
  );
  for (const m of text.matchAll(month)) {
    const index = MONTHS.indexOf(m[1]!.toLowerCase()) + 1;
    found.push({ at: m.index, date: `${m[3]}-${pad(index)}-${pad(Number(m[2]))}` });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.date);
}

/** Numbers said in a line, digits or words (dates left out). */
export function numbersIn(text: string): number[] {
  const undated = text
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' ')
    .replace(/\b\d{1,2}\/\d{1,2}\/\d{4}\b/g, ' ');
  const found: { at: number; value: number }[] = [];
  for (const m of undated.matchAll(/(?<![\w.])-?\d+(?:,\d{3})*(?:\.\d+)?/g))
    found.push({ at: m.index, value: Number(m[0].replaceAll(',', '')) });
  for (const m of undated.toLowerCase().matchAll(/[a-z]+/g)) {
    const value = NUMBER_WORDS[m[0]];
    if (value !== undefined) found.push({ at: m.index, value });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.value);
}

/** Enum values the line names, as whole words, in the order they are said. */
function enumValuesIn(text: string, values: (string | number | boolean)[]): (string | number)[] {
  const lower = text.toLowerCase();
  const found: { at: number; value: string | number }[] = [];
  for (const value of values) {
    if (typeof value === 'boolean') continue;
    const escaped = String(value)
      .toLowerCase()
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const at = lower.search(new RegExp(`(?<![a-z0-9])${escaped}(?![a-z0-9])`));
    if (at >= 0) found.push({ at, value });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.value);
}

/** Every value of the field's scalar type that a line holds. */
function valuesIn(text: string, field: AnalysisField): unknown[] {
  if (field.enum) {
    const named = enumValuesIn(text, field.enum);
    if (field.type === 'boolean') {
      const answer = yesNo(text);
      return answer === undefined ? [] : [answer];
    }
    if (field.type === 'string') return named;
    const numbers = numbersIn(text).filter((n) => field.enum!.includes(n));
    return [...numbers, ...named.filter((v) => typeof v === 'number')];
  }
  switch (field.type) {
    case 'boolean': {
      const answer = yesNo(text);
      return answer === undefined ? [] : [answer];
    }
    case 'number':
      return numbersIn(text);
    case 'integer':
      return numbersIn(text).filter(Number.isInteger);
    default:
      if (field.format === 'date') return datesIn(text);
      if (field.format) return [];
      return [text.trim()];
  }
}

/**
 * The callee's lines, those on the field's topic first (answering a line of the agent about it,
 * or naming it): a field named `budget` is read from the answer about the budget before any other.
 */
function linesFor(turns: LineTurn[], topic: Set<string>) {
  const onTopic: string[] = [];
  const others: string[] = [];
  turns.forEach((turn, i) => {
    if (turn.user !== 'user') return;
    const asked = turns.slice(0, i).findLast((t) => t.user === 'assistant')?.text ?? '';
    const about = [...words(asked), ...words(turn.text)].some((w) => topic.has(w));
    (about ? onTopic : others).push(turn.text);
  });
  return { onTopic, all: [...onTopic, ...others] };
}

function fieldValue(turns: LineTurn[], name: string, field: AnalysisField): unknown {
  const { onTopic, all } = linesFor(turns, topicWords(name, field));
  if (field.type === 'array') {
    const item = field.items ?? { type: 'string' };
    const lines = item.type === 'string' && !item.enum && !item.format ? onTopic : all;
    const values = lines.flatMap((line) => valuesIn(line, item));
    if (values.length === 0) return undefined;
    return [...new Set(values.map((v) => JSON.stringify(v)))].map((v) => JSON.parse(v) as unknown);
  }
  // Free text is only an answer on the field's topic; a typed value, the first one found.
  const lines = field.type === 'string' && !field.enum && !field.format ? onTopic : all;
  for (const line of lines) {
    const [value] = valuesIn(line, field);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Each field of the schema that the callee's lines answer; a field they do not is left out. */
export function scriptedAnalysis(
  turns: LineTurn[],
  schema: AnalysisSchemaObject,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    const value = fieldValue(turns, name, field);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
