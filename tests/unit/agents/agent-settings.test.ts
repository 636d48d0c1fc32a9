import { describe, expect, it } from 'vitest';
import { mergeAgentSettings, requestedAgentId } from '@/lib/calls/agents';
import {
  changeSettings,
  sameSettings,
  settingsFromRequest,
} from '@/lib/calls/agents/agent-settings';
import { AgentCreateRequest, AgentUpdateRequest } from '@/schemas/agents';
import { CallDispatchRequest } from '@/schemas/calls';
import { ApiError } from '@/lib/platform/errors/api-error';

const AGENT = 'c0ffee00-0000-4000-8000-000000000001';
const SECRET = 'k'.repeat(32);

/** What createAgent stores for a body: the fields sent (not null), as the schema parsed them. */
const saved = (body: Record<string, unknown>) =>
  settingsFromRequest(body, AgentCreateRequest.parse(body), SECRET);

describe('a saved agent under a call request', () => {
  const agent = saved({
    name: 'Reminders',
    task: '  Remind {{name}} of the appointment.  ',
    voice: 'ava',
    wait_for_greeting: true,
    max_duration: 3,
    metadata: { team: 'front desk', tier: 1 },
    record: null,
  });

  it('stores only the settings sent, trimmed, and not the name or a null', () => {
    expect(agent).toEqual({
      task: 'Remind {{name}} of the appointment.',
      voice: 'ava',
      wait_for_greeting: true,
      max_duration: 3,
      metadata: { team: 'front desk', tier: 1 },
    });
  });

  it("takes the agent's settings where the request sets none", () => {
    const merged = mergeAgentSettings(agent, { phone_number: '+14155550123', agent_id: AGENT });
    const call = CallDispatchRequest.parse(merged);
    expect(call).toMatchObject({
      phone_number: '+14155550123',
      task: 'Remind {{name}} of the appointment.',
      voice: 'ava',
      wait_for_greeting: true,
      max_duration: 3,
      record: false,
    });
    expect(merged).not.toHaveProperty('agent_id');
  });

  it('lets every field the request sets win, whole, and a null or absent one not', () => {
    const merged = mergeAgentSettings(agent, {
      phone_number: '+14155550123',
      persona_id: AGENT,
      voice: 'maya',
      wait_for_greeting: false,
      max_duration: null,
      metadata: { campaign: 'spring' },
      first_sentence: undefined,
    });
    expect(merged).toEqual({
      phone_number: '+14155550123',
      task: 'Remind {{name}} of the appointment.',
      voice: 'maya',
      wait_for_greeting: false,
      max_duration: 3,
      metadata: { campaign: 'spring' },
    });
  });

  it('drops the agent’s voicemail fields when the request turns detection off', () => {
    const detecting = saved({
      name: 'V',
      task: 'Call.',
      answered_by_enabled: true,
      voicemail_message: 'Call us back.',
      voicemail_action: 'leave_message',
    });
    const off = mergeAgentSettings(detecting, { answered_by_enabled: false });
    expect(off).toEqual({ task: 'Call.', answered_by_enabled: false });
    expect(CallDispatchRequest.safeParse({ ...off, phone_number: '+14155550123' }).success).toBe(
      true,
    );
    const ownMessage = mergeAgentSettings(detecting, {
      answered_by_enabled: false,
      voicemail_message: 'Mine.',
    });
    expect(ownMessage).toMatchObject({ voicemail_message: 'Mine.' });
    expect(ownMessage).not.toHaveProperty('voicemail_action');
  });

  it('leaves the stored settings as they were', () => {
    mergeAgentSettings(agent, { voice: 'maya' });
    expect(agent.voice).toBe('ava');
  });
});

describe('a change to an agent', () => {
  const current = saved({ name: 'A', task: 'Call.', voice: 'ava', record: true });
  const change = (body: Record<string, unknown>) =>
    changeSettings(current, body, AgentUpdateRequest.parse(body), SECRET);

  it('replaces what is sent, takes out what is null, keeps what is left out', () => {
    expect(change({ voice: 'maya', record: null, max_duration: 10 })).toEqual({
      task: 'Call.',
      voice: 'maya',
      max_duration: 10,
    });
  });

  it('is no change when objects come back in another key order (as jsonb keeps them)', () => {
    const retry = { max_attempts: 3, wait_minutes: 30, on: ['busy'] };
    const kept = change({ retry });
    const reordered = { ...kept, retry: { on: ['busy'], max_attempts: 3, wait_minutes: 30 } };
    expect(
      sameSettings(
        change({ retry: { wait_minutes: 30, on: ['busy'], max_attempts: 3 } }),
        reordered,
      ),
    ).toBe(true);
  });

  it('is no change when every value sent is the one kept', () => {
    expect(sameSettings(change({ voice: 'ava', name: 'B' }), current)).toBe(true);
    expect(sameSettings(change({ voice: 'ava ' }), current)).toBe(true);
    expect(sameSettings(change({ end_of_turn: { min_ms: 200, max_ms: 900 } }), current)).toBe(
      false,
    );
  });
});

describe('the agent a request names', () => {
  it('is agent_id, or persona_id (its alias), or none', () => {
    expect(requestedAgentId({ agent_id: AGENT })).toEqual({ id: AGENT, field: 'agent_id' });
    expect(requestedAgentId({ persona_id: AGENT })).toEqual({ id: AGENT, field: 'persona_id' });
    expect(requestedAgentId({ agent_id: AGENT, persona_id: AGENT })?.id).toBe(AGENT);
    expect(requestedAgentId({ agent_id: null })).toBeNull();
  });

  it('refuses two different agents, naming persona_id', () => {
    const other = AGENT.replace(/1$/, '2');
    expect(() => requestedAgentId({ agent_id: AGENT, persona_id: other })).toThrowError(
      expect.objectContaining({ code: 'INVALID_BODY', field: 'persona_id' }) as ApiError,
    );
  });
});

describe('the agent request schemas', () => {
  it('refuse a name over 100 characters and a missing task', () => {
    expect(AgentCreateRequest.safeParse({ name: 'x'.repeat(101), task: 'Call.' }).success).toBe(
      false,
    );
    expect(AgentCreateRequest.safeParse({ name: 'x' }).success).toBe(false);
    expect(AgentUpdateRequest.safeParse({ max_duration: 500 }).success).toBe(false);
    expect(AgentUpdateRequest.safeParse({}).success).toBe(true);
  });
});
