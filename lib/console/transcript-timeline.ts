import type { CallDetailBody } from '@/schemas/call-detail';

type Line = CallDetailBody['transcripts'][number];
type ToolCall = CallDetailBody['tool_calls'][number];

/** What a transcript line is on the call page's timeline. */
export type TimelineKind = 'callee' | 'agent' | 'tool' | 'keys' | 'transfer' | 'action';

export interface TimelineEntry {
  line: Line;
  kind: TimelineKind;
  /** Who acted, as the line's heading says it. */
  who: string;
  /** A tool's call: the `tool_calls` row this line reports. */
  tool?: ToolCall;
}

// The agent-action lines lib/calls/actions writes: "pressed 1", "pressed 2 (on their keypad)",
// "press_digits: refused (…)"; "transferred to …", "transfer to … not answered",
// "transfer_call: refused (…)". Tool names cannot be press_digits or transfer_call (reserved).
const KEYS = /^(pressed |press_digits: )/;
const TRANSFER = /^(transferred to |transfer to |transfer_call: )/;
const THEIR_KEYPAD = / \(on their keypad\)$/;

/**
 * The transcript as the call page shows it, each agent-action line with what it was. A tool's
 * line ("book_slot: ok (200)") is written after its `tool_calls` row, both in the order the tools
 * ran, so the rows pair with the lines naming them in turn. (An action that threw wrote its line
 * with no row; a later call of the same tool would then pair one line early: a crash's rare cost.)
 */
export function transcriptTimeline(
  call: Pick<CallDetailBody, 'transcripts' | 'tool_calls'>,
): TimelineEntry[] {
  let next = 0;
  return call.transcripts.map((line): TimelineEntry => {
    if (line.user === 'user') return { line, kind: 'callee', who: 'Callee' };
    if (line.user === 'assistant') return { line, kind: 'agent', who: 'Agent' };
    const row = call.tool_calls[next];
    if (row && line.text.startsWith(`${row.name}: `)) {
      next += 1;
      return { line, kind: 'tool', who: 'Tool call', tool: row };
    }
    if (KEYS.test(line.text))
      return {
        line,
        kind: 'keys',
        who: THEIR_KEYPAD.test(line.text) ? 'Callee’s keypad' : 'Agent’s keypad',
      };
    if (TRANSFER.test(line.text)) return { line, kind: 'transfer', who: 'Transfer' };
    return { line, kind: 'action', who: 'Action' };
  });
}
