import type { CallSpeechControl } from './types';

export type PronunciationRule = NonNullable<CallSpeechControl['pronunciation']>[number];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Word edges by letters and digits of any script, so "Nicola" matches in "Nicola's" but not in
// "Nicolas"; a term that starts or ends with a sign (e.g. "C++") is matched up to it.
const edge = (side: 'before' | 'after', char: string) => {
  if (!/[\p{L}\p{N}_]/u.test(char)) return '';
  return side === 'before' ? '(?<![\\p{L}\\p{N}_])' : '(?![\\p{L}\\p{N}_])';
};

const compiled = new WeakMap<PronunciationRule[], RegExp[]>();

function patterns(rules: PronunciationRule[]): RegExp[] {
  let found = compiled.get(rules);
  if (!found) {
    found = rules.map(
      (rule) =>
        new RegExp(
          `${edge('before', rule.word[0]!)}${escape(rule.word)}${edge('after', rule.word.at(-1)!)}`,
          rule.caseSensitive ? 'gu' : 'giu',
        ),
    );
    compiled.set(rules, found);
  }
  return found;
}

/**
 * The text as the speech engine should read it: each whole-word match of a pronunciation guide's
 * word replaced by its pronunciation, longer words first (so "New York City" wins over "New
 * York"), each part of the text replaced once.
 */
export function pronounce(text: string, rules: PronunciationRule[] | undefined): string {
  if (!rules?.length) return text;
  const compiledPatterns = patterns(rules);
  const order = rules
    .map((rule, i) => ({ rule, pattern: compiledPatterns[i]! }))
    .sort((a, b) => b.rule.word.length - a.rule.word.length);
  // Replaced parts become placeholders first, so one rule's output is never matched by another.
  const done: string[] = [];
  let out = text;
  for (const { rule, pattern } of order) {
    pattern.lastIndex = 0;
    out = out.replace(pattern, () => `\u0000${done.push(rule.pronunciation) - 1}\u0000`);
  }
  return out.replace(/\u0000(\d+)\u0000/g, (_, i: string) => done[Number(i)]!);
}
