import type { AgentContext, AgentLine } from './types';

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
