import { describe, expect, it } from 'vitest';
import type { AgentContext } from '@/lib/adapters/agent-brain';
import { ScriptedAgent } from '@/lib/adapters/agent-brain';
import { taskPoints } from '@/lib/adapters/agent-brain/scripted-agent';
import type { LineTurn } from '@/lib/adapters/telephony';

const TASK = 'Confirm the delivery for Tuesday.  Ask whether the back door is open!  Thank them';

const context = (over: Partial<AgentContext> = {}): AgentContext => ({
  task: TASK,
  firstSentence: null,
  voice: null,
  language: null,
  answeredBy: 'human',
  turns: [],
  ...over,
});

/** Plays the agent against a recipient who always answers "Okay.", until the agent ends. */
async function playOut(agent: ScriptedAgent, start: AgentContext) {
  const turns: LineTurn[] = [...start.turns];
  for (let i = 0; i < 50; i++) {
    const line = await agent.nextLine({ ...start, turns });
    turns.push({ user: 'assistant', text: line.text });
    if (line.end) return turns;
    turns.push({ user: 'user', text: 'Okay.' });
  }
  throw new Error('the agent never ended the call');
}

describe('taskPoints', () => {
  it('splits the task into sentences, collapses spaces and ends each with punctuation', () => {
    expect(taskPoints(TASK)).toEqual([
      'Confirm the delivery for Tuesday.',
      'Ask whether the back door is open!',
      'Thank them.',
    ]);
  });

  it('drops fragments without letters or digits and keeps at most six points', () => {
    expect(taskPoints('One. ... Two? -- !')).toEqual(['One.', 'Two?']);
    const long = Array.from({ length: 10 }, (_, i) => `Point ${i + 1}.`).join(' ');
    expect(taskPoints(long)).toHaveLength(6);
    expect(taskPoints(long).at(-1)).toBe('Point 6.');
  });
});

describe('ScriptedAgent', () => {
  const agent = new ScriptedAgent();

  it('opens with first_sentence when one is given', async () => {
    await expect(agent.nextLine(context({ firstSentence: 'Hi, this is Ada.' }))).resolves.toEqual({
      text: 'Hi, this is Ada.',
      end: false,
    });
  });

  it('opens with a greeting of its own otherwise', async () => {
    const line = await agent.nextLine(context());
    expect(line.end).toBe(false);
    expect(line.text).toMatch(/^Hello\b/);
  });

  it('raises one task point per line, then closes and ends the call', async () => {
    const turns = await playOut(agent, context({ firstSentence: 'Hi, this is Ada.' }));
    const said = turns.filter((t) => t.user === 'assistant').map((t) => t.text);
    expect(said).toEqual([
      'Hi, this is Ada.',
      'Confirm the delivery for Tuesday.',
      'Ask whether the back door is open!',
      'Thank them.',
      'Thank you for your time. Goodbye!',
    ]);
  });

  it('on voicemail leaves one message, with the opening and the task, and ends', async () => {
    const greeting = { user: 'user' as const, text: 'Leave a message after the tone.' };
    const line = await agent.nextLine(
      context({ answeredBy: 'voicemail', firstSentence: 'Hi, this is Ada.', turns: [greeting] }),
    );
    expect(line.end).toBe(true);
    expect(line.text).toContain('Hi, this is Ada.');
    expect(line.text).toContain('Confirm the delivery for Tuesday.');
    expect(line.text).toMatch(/call us back/i);
    const turns = await playOut(agent, context({ answeredBy: 'voicemail', turns: [greeting] }));
    expect(turns.filter((t) => t.user === 'assistant')).toHaveLength(1);
  });

  it('is deterministic: the same task plays the same call', async () => {
    const first = await playOut(new ScriptedAgent(), context());
    const second = await playOut(new ScriptedAgent(), context());
    expect(second).toEqual(first);
  });

  it('summarizes how many lines it spoke and what the call was about', async () => {
    const turns = await playOut(agent, context());
    await expect(agent.summarize(context({ turns }))).resolves.toBe(
      'The agent spoke 5 lines with the recipient about: Confirm the delivery for Tuesday.',
    );
  });
});
