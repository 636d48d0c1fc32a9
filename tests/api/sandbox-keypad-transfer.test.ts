import { describe, expect, it } from 'vitest';
import {
  dispatch,
  serverWithOrgForFile,
  waitForEnd,
  type ServerWithOrg,
} from '../support/voice-api';

// The sandbox's keypad menu (555-0106) and the person who asks for a human (555-0107), played
// whole by the built server with the embedded defaults (scripted agent, sandbox line): what the
// call detail shows of the key pressed and of the transfer.
let started: ServerWithOrg;
serverWithOrgForFile({ env: { SANDBOX_TIME_SCALE: '200' } }, 20, (s) => (started = s));

const MENU = 'user: Thank you for calling. Press 1 for sales, 2 for support.';
const HUMAN = 'user: Sorry, I would rather not talk to a machine. Can I speak to a human, please?';
const SALES = '+14155550111';

async function play(body: Record<string, unknown>) {
  const { server, org } = started;
  const callId = await dispatch(server.url, org.apiKey, { max_duration: 5, ...body });
  const call = await waitForEnd(server.url, org.apiKey, callId);
  return { call, lines: call.transcripts.map((t) => `${t.user}: ${t.text}`) };
}

describe('sandbox keypad menu and transfer test numbers', () => {
  it('555-0106: the agent presses the key of the team its task names, and that team answers', async () => {
    const { call, lines } = await play({
      phone_number: '+14155550106',
      task: 'Reach support about a broken router.',
    });
    const menu = lines.indexOf(MENU);
    expect(menu).toBeGreaterThanOrEqual(0);
    const pressed = lines.indexOf('agent-action: pressed 2');
    expect(pressed).toBeGreaterThan(menu);
    expect(lines.indexOf('user: Hi, this is support, how can I help?')).toBeGreaterThan(pressed);
    expect(call).toMatchObject({
      status: 'completed',
      transferred_to: null,
      transferred_at: null,
    });
    expect(call.call_ended_by).not.toBe('TRANSFER');
  });

  it('555-0107 with transfer_phone_number: asked for a human, the agent transfers the call', async () => {
    const { call, lines } = await play({
      phone_number: '+14155550107',
      task: 'Ask about the renewal.',
      transfer_phone_number: SALES,
    });
    const asked = lines.indexOf(HUMAN);
    expect(asked).toBeGreaterThanOrEqual(0);
    expect(lines.slice(asked + 1)).toContain(
      "assistant: Please hold, I'm connecting you to a colleague now.",
    );
    expect(lines.at(-1)).toBe(
      `agent-action: transferred to ${SALES} (cold, simulated): "Hi, this is the front desk, how can I help?"`,
    );
    expect(call).toMatchObject({
      status: 'completed',
      call_ended_by: 'TRANSFER',
      transferred_to: SALES,
    });
    expect(Date.parse(call.transferred_at!)).toBeGreaterThanOrEqual(Date.parse(call.created_at));
  });

  it('555-0107 without a transfer number: no transfer is offered, and none happens', async () => {
    const { call, lines } = await play({
      phone_number: '+14155550107',
      task: 'Ask about the renewal.',
    });
    expect(lines).toContain(HUMAN);
    expect(lines.some((line) => line.startsWith('agent-action: transferred'))).toBe(false);
    expect(call).toMatchObject({ transferred_to: null, transferred_at: null });
    expect(call.call_ended_by).not.toBe('TRANSFER');
  });
});
