import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CallTranscript } from '@/components/console/call-transcript';
import { answeredByWord } from '@/lib/console/status-words';
import { transcriptTimeline } from '@/lib/console/transcript-timeline';
import type { CallDetailBody } from '@/schemas/call-detail';

// The call page's timeline (issue 33): what the agent did between the lines — tools with their
// tool_calls row, keys pressed on either keypad, transfers — beside both sides' words.
type Call = Pick<CallDetailBody, 'transcripts' | 'tool_calls' | 'recording_url'>;
type Line = CallDetailBody['transcripts'][number];
type ToolCall = CallDetailBody['tool_calls'][number];

const C_ID = '00000000-0000-4000-8000-000000000001';
let id = 0;
const line = (user: Line['user'], text: string): Line => ({
  id: ++id,
  created_at: '2026-11-28T10:00:00.000Z',
  text,
  user,
  c_id: C_ID,
});
const toolCall = (fields: Partial<ToolCall>): ToolCall => ({
  name: 'book_slot',
  input: { day: 'tuesday' },
  status: 'ok',
  http_status: 200,
  duration_ms: 140,
  output: '{"booked":true}',
  at: '2026-11-28T10:00:00.000Z',
  ...fields,
});

const call: Call = {
  recording_url: null,
  transcripts: [
    line('user', 'Thank you for calling. Press 1 for sales, 2 for support.'),
    line('agent-action', 'pressed 2'),
    line('assistant', 'Let me book that for you.'),
    line('agent-action', 'book_slot: ok (200)'),
    line('agent-action', 'check_stock: timed out'),
    line('agent-action', 'pressed 5 (on their keypad)'),
    line('agent-action', 'transferred to sales (+14155550111) (cold, simulated): "Hi"'),
  ],
  tool_calls: [
    toolCall({}),
    toolCall({
      name: 'check_stock',
      input: { sku: 'A-1' },
      status: 'timeout',
      http_status: null,
      duration_ms: 5000,
      output: 'failed: no answer within 5000 ms',
    }),
  ],
};

const items = (html: string) => html.split('<li ').slice(1);

describe('the call page’s transcript timeline', () => {
  it('pairs each tool line with its tool_calls row, in order', () => {
    const timeline = transcriptTimeline(call);
    expect(timeline.map((entry) => [entry.kind, entry.who, entry.tool?.name])).toEqual([
      ['callee', 'Callee', undefined],
      ['keys', 'Agent’s keypad', undefined],
      ['agent', 'Agent', undefined],
      ['tool', 'Tool call', 'book_slot'],
      ['tool', 'Tool call', 'check_stock'],
      ['keys', 'Callee’s keypad', undefined],
      ['transfer', 'Transfer', undefined],
    ]);
  });

  it('shows a tool’s name, status, HTTP status and duration, its input and answer folded', () => {
    const html = items(renderToStaticMarkup(h(CallTranscript, { call, offsets: new Map() })));
    expect(html).toHaveLength(7);
    const [, pressed, , booked, stock, theirs, transfer] = html as [string, ...string[]];
    expect(pressed).toContain('data-kind="keys"');
    expect(pressed).toContain('Agent’s keypad at 0:00</span>pressed 2');
    expect(booked).toContain('class="agent-action" data-kind="tool"');
    expect(booked).toContain('<code>book_slot</code>');
    expect(booked).toMatch(/data-status="ok">answered, HTTP 200<\/span> in 140 ms/);
    expect(booked).toContain('<code>{&quot;day&quot;:&quot;tuesday&quot;}</code>');
    expect(booked).toContain('<dd>{&quot;booked&quot;:true}</dd>');
    expect(stock).toMatch(/data-status="timeout">timed out<\/span> in 5000 ms/);
    expect(stock).toContain('no answer within 5000 ms');
    expect(theirs).toContain('Callee’s keypad at 0:00</span>pressed 5 (on their keypad)');
    expect(transfer).toContain('data-kind="transfer"');
    expect(transfer).toContain('transferred to sales (+14155550111)');
  });

  it('keeps a tool line without a row as written (an action that threw)', () => {
    const timeline = transcriptTimeline({
      transcripts: [line('agent-action', 'book_slot: failed'), line('agent-action', 'opt_out')],
      tool_calls: [],
    });
    expect(timeline.map((entry) => [entry.kind, entry.line.text])).toEqual([
      ['action', 'book_slot: failed'],
      ['action', 'opt_out'],
    ]);
  });

  it('says so when nothing has been said yet', () => {
    const html = renderToStaticMarkup(
      h(CallTranscript, { call: { ...call, transcripts: [] }, offsets: new Map() }),
    );
    expect(html).toBe('<p>Nothing has been said yet.</p>');
  });
});

describe('answered_by in words', () => {
  it('names each value, and a dash for none', () => {
    expect(answeredByWord('human')).toBe('A person');
    expect(answeredByWord('voicemail')).toBe('Voicemail');
    expect(answeredByWord('unknown')).toBe('Unknown (detection could not tell)');
    expect(answeredByWord('no-answer')).toBe('Nobody (no answer)');
    expect(answeredByWord(null)).toBe('—');
  });
});
