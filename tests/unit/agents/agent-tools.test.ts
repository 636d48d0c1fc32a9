import { describe, expect, it } from 'vitest';
import { openHeaders } from '@/lib/calls/actions';
import { changeSettings, settingsFromRequest } from '@/lib/calls/agents/agent-settings';
import {
  openAgentTools,
  shownAgentTools,
  type SavedAgentTool,
} from '@/lib/calls/agents/agent-tools';
import { AgentCreateRequest, AgentUpdateRequest } from '@/schemas/agents';
import type { ApiError } from '@/lib/platform/errors/api-error';

// A saved agent's tools (issue 34): header values sealed under URL_SIGNING_KEY in every version,
// shown by name only, opened for a call; a change keeps what it does not resend.
const SECRET = 'k'.repeat(32);
const TOKEN = 'Bearer sk-agent-secret-1';

const tool = (over: Record<string, unknown> = {}) => ({
  name: 'book_slot',
  description: 'Books a slot.',
  input_schema: { type: 'object' },
  url: 'https://api.example.com/book',
  headers: { Authorization: TOKEN, 'X-Team': 'blue' },
  ...over,
});

const create = (tools: unknown[]) => {
  const body = { name: 'A', task: 'Call.', tools };
  return settingsFromRequest(body, AgentCreateRequest.parse(body), SECRET);
};
const patch = (current: Record<string, unknown>, tools: unknown[]) => {
  const body = { tools };
  return changeSettings(current, body, AgentUpdateRequest.parse(body), SECRET);
};
const toolsOf = (settings: Record<string, unknown>) => settings.tools as SavedAgentTool[];
const headersOf = (settings: Record<string, unknown>, i = 0) =>
  openHeaders(toolsOf(settings)[i]!.sealed_headers!, SECRET);

describe('a saved agent’s tools', () => {
  it('keep header values sealed, with the names in the clear', () => {
    const saved = create([tool()]);
    expect(JSON.stringify(saved)).not.toContain('sk-agent-secret');
    expect(toolsOf(saved)[0]).toMatchObject({
      name: 'book_slot',
      method: 'POST',
      timeout_ms: 5_000,
      header_names: ['Authorization', 'X-Team'],
    });
    expect(headersOf(saved)).toEqual({ Authorization: TOKEN, 'X-Team': 'blue' });
    expect(shownAgentTools(toolsOf(saved))[0]!.headers).toEqual({
      Authorization: '[hidden]',
      'X-Team': '[hidden]',
    });
  });

  it('open for a call with the real values, and name the field when the key changed', () => {
    const saved = toolsOf(create([tool(), tool({ name: 'plain', headers: null })]));
    const opened = openAgentTools(saved, SECRET, 'agent_id');
    expect(opened[0]!.headers).toEqual({ Authorization: TOKEN, 'X-Team': 'blue' });
    expect(opened[1]!.headers).toBeNull();
    expect(() => openAgentTools(saved, 'another key', 'agent_id')).toThrowError(
      expect.objectContaining({ code: 'INVALID_BODY', field: 'agent_id' }) as ApiError,
    );
  });

  it('keep saved values on a change that sends [hidden] or leaves headers out', () => {
    const saved = create([tool()]);
    const shown = shownAgentTools(toolsOf(saved));
    // A read agent's tools sent back as they are: the same sealed text, so no new version.
    const same = patch(saved, shown);
    expect(toolsOf(same)[0]!.sealed_headers).toBe(toolsOf(saved)[0]!.sealed_headers);

    const oneNew = patch(saved, [
      tool({ headers: { Authorization: '[hidden]', 'X-Team': 'red' } }),
    ]);
    expect(headersOf(oneNew)).toEqual({ Authorization: TOKEN, 'X-Team': 'red' });

    const { headers: _left, ...withoutHeaders } = tool({ description: 'Books a slot now.' });
    const left = patch(saved, [withoutHeaders]);
    expect(headersOf(left)).toEqual({ Authorization: TOKEN, 'X-Team': 'blue' });
    expect(toolsOf(left)[0]!.description).toBe('Books a slot now.');

    expect(toolsOf(patch(saved, [tool({ headers: null })]))[0]).toMatchObject({
      sealed_headers: null,
      header_names: [],
    });
    // Another tool's name has nothing saved to keep.
    expect(toolsOf(patch(saved, [{ ...withoutHeaders, name: 'renamed' }]))[0]!.sealed_headers).toBe(
      null,
    );
  });

  it('refuse [hidden] where nothing is saved, naming the header', () => {
    expect(() => create([tool({ headers: { Authorization: '[hidden]' } })])).toThrowError(
      expect.objectContaining({
        code: 'INVALID_BODY',
        field: 'tools.0.headers.Authorization',
      }) as ApiError,
    );
    const saved = create([tool()]);
    expect(() => patch(saved, [tool({ headers: { 'X-Other': '[hidden]' } })])).toThrowError(
      expect.objectContaining({ field: 'tools.0.headers.X-Other' }) as ApiError,
    );
  });
});
