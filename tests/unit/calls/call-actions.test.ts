import { describe, expect, it } from 'vitest';
import { runAction } from '@/lib/calls/actions';
import { openHeaders, sealHeaders } from '@/lib/calls/actions/seal-headers';
import { sampleValue } from '@/lib/adapters/agent-brain/scripted-actions';
import type { CallRow } from '@/lib/calls/types';

const KEY = 'k'.repeat(32);

describe('call actions', () => {
  it('answers an action the call does not offer with an "unknown action" line, and goes on', async () => {
    const said: string[] = [];
    const outcome = await runAction(
      { name: 'launch_rocket', input: {} },
      {
        call: { id: 'c1', tools: null } as CallRow,
        line: 'sandbox',
        turns: [],
        signal: new AbortController().signal,
        say: (text) => {
          said.push(text);
          return Promise.resolve();
        },
      },
    );
    expect(outcome).toMatchObject({ line: 'unknown action launch_rocket', next: 'reply' });
    expect(outcome.result).toContain('no action named "launch_rocket"');
    expect(said).toEqual([]);
  });

  it('seals header values so only the deployment’s key opens them', () => {
    const sealed = sealHeaders({ Authorization: 'Bearer sk-123' }, KEY);
    expect(sealed).not.toContain('sk-123');
    expect(sealHeaders({ Authorization: 'Bearer sk-123' }, KEY)).not.toBe(sealed);
    expect(openHeaders(sealed, KEY)).toEqual({ Authorization: 'Bearer sk-123' });
    expect(() => openHeaders(sealed, 'x'.repeat(32))).toThrow();
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = `${data![0] === 'A' ? 'B' : 'A'}${data!.slice(1)}`;
    expect(() => openHeaders([v, iv, tag, flipped].join('.'), KEY)).toThrow();
  });

  it('builds the scripted agent’s input from the schema: examples, default, enum, then by type', () => {
    expect(
      sampleValue({
        type: 'object',
        properties: {
          day: { type: 'string', enum: ['mon', 'tue'] },
          hour: { type: 'integer', examples: [14] },
          note: { type: 'string', default: 'none' },
          count: { type: 'number', minimum: 3 },
          confirm: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string' } },
          when: { type: 'string', format: 'date' },
        },
      }),
    ).toEqual({
      day: 'mon',
      hour: 14,
      note: 'none',
      count: 3,
      confirm: true,
      tags: ['example'],
      when: '2026-01-15',
    });
  });
});
