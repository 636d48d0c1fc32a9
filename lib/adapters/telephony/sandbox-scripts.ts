import { KEYPAD_MENU_NUMBER, WANTS_HUMAN_NUMBER } from './test-numbers';
import type { LineTurn } from './types';

export const MENU_PROMPT = 'Thank you for calling. Press 1 for sales, 2 for support.';
const MENU_TEAMS: Record<string, string> = { '1': 'sales', '2': 'support' };
export const HUMAN_REQUEST =
  'Sorry, I would rather not talk to a machine. Can I speak to a human, please?';

/**
 * The scripted far end of the sandbox's keypad and transfer test numbers; undefined for any
 * other number (the ordinary scripted person answers). 555-0106: a menu until a key is pressed,
 * then a person of the team chosen. 555-0107: a person who asks for a human, twice.
 */
export function testNumberTurn(
  toNumber: string | undefined,
  turns: LineTurn[],
): string | undefined {
  if (toNumber?.endsWith(KEYPAD_MENU_NUMBER)) return menuTurn(turns);
  if (toNumber?.endsWith(WANTS_HUMAN_NUMBER) && turns.length > 0) {
    const asked = turns.filter((t) => t.user === 'user' && t.text === HUMAN_REQUEST).length;
    return asked < 2 ? HUMAN_REQUEST : undefined;
  }
  return undefined;
}

function menuTurn(turns: LineTurn[]): string | undefined {
  const lastMenu = turns.findLastIndex(
    (t) => t.user === 'user' && t.text.startsWith(MENU_PROMPT.slice(0, 24)),
  );
  const pressed = turns
    .slice(lastMenu + 1)
    .find((t) => t.user === 'agent-action' && /^pressed /.test(t.text));
  // A key pressed after the menu was heard: the team's person, once; then an ordinary callee.
  const reached = turns.some(
    (t) => t.user === 'user' && /^Hi, this is (sales|support)/.test(t.text),
  );
  if (reached) return undefined;
  if (!pressed) return lastMenu < 0 ? MENU_PROMPT : `Sorry, I didn't get that. ${MENU_PROMPT}`;
  const team = MENU_TEAMS[pressed.text.slice('pressed '.length).replace(/w/g, '')[0] ?? ''];
  if (!team) return `That is not an option. ${MENU_PROMPT}`;
  return `Hi, this is ${team}, how can I help?`;
}
