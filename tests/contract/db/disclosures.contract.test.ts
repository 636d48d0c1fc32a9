import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { saveCallingRules, type RuleSettings } from '@/lib/calls/rules';
import { schema } from '@/lib/adapters/db';
import {
  newCallOrg,
  playCalls,
  speechEngineForFile,
  type TestCallDeps,
} from '../../support/call-deps';
import { databaseAdapters } from '../../support/databases';
import { openCallSuite } from '../../support/call-deps';

// The agent's first line on the sandbox line carries the disclosures: the AI one (on by default,
// the organization's wording or off) and, on recorded calls to all-party-consent jurisdictions,
// the recording notice.

const speech = speechEngineForFile();
const rules: RuleSettings = {
  countries: ['US', 'CA'],
  denyPrefixes: [],
  hours: null,
  consentCountries: ['CA'],
};
const system = { type: 'system' as const, id: null };

describe.each(databaseAdapters)('call disclosures on $name', (adapter) => {
  let deps: TestCallDeps;
  openCallSuite(adapter, speech, (opened) => {
    deps = { ...opened.deps, rules };
  });

  /** The agent's lines of a finished call to `to`. */
  async function agentLines(orgId: string, to: string, record: boolean): Promise<string[]> {
    const { body } = await dispatchCall(deps, {
      orgId,
      body: {
        phone_number: to,
        task: 'Confirm Tuesday.',
        first_sentence: 'Hi, this is Ava.',
        record,
      },
      idempotencyKey: null,
      origin: 'https://api.test',
    });
    await playCalls(deps, [body.call_id]);
    const lines = await deps.db
      .select({ user: schema.transcripts.user, text: schema.transcripts.text })
      .from(schema.transcripts)
      .where(eq(schema.transcripts.callId, body.call_id))
      .orderBy(asc(schema.transcripts.seq));
    return lines.filter((l) => l.user === 'assistant').map((l) => l.text);
  }

  it('opens with the AI disclosure, and the recording notice on a recorded call to California', async () => {
    const orgId = await newCallOrg(deps, 'Disclosing');
    const [first, second] = await agentLines(orgId, '+14155550123', true);
    expect(first).toBe(
      'This is an automated assistant. This call is being recorded. Hi, this is Ava.',
    );
    // Said once: the later lines are the agent's own.
    expect(second).not.toMatch(/automated assistant|recorded/);
    // New York is a one-party state; an unrecorded call needs no notice.
    expect((await agentLines(orgId, '+17182345678', true))[0]).toBe(
      'This is an automated assistant. Hi, this is Ava.',
    );
    expect((await agentLines(orgId, '+14155550123', false))[0]).toBe(
      'This is an automated assistant. Hi, this is Ava.',
    );
    // A country the deployment lists (Canada here).
    expect((await agentLines(orgId, '+14162345678', true))[0]).toMatch(/being recorded\. Hi/);
  });

  it("says the organization's wording, and no AI disclosure when it turned it off", async () => {
    const orgId = await newCallOrg(deps, 'Own words');
    const now = new Date(deps.clock.now());
    const saved = await saveCallingRules(
      deps.db,
      rules,
      { orgId, disclosures: { ai: false, recording_text: 'We record calls for quality.' } },
      system,
      now,
    );
    expect(saved.disclosures).toEqual({
      ai: false,
      ai_text: 'This is an automated assistant.',
      recording_text: 'We record calls for quality.',
    });
    expect((await agentLines(orgId, '+13125551234', true))[0]).toBe(
      'We record calls for quality. Hi, this is Ava.',
    );
    expect((await agentLines(orgId, '+17182345678', true))[0]).toBe('Hi, this is Ava.');
    await saveCallingRules(
      deps.db,
      rules,
      { orgId, disclosures: { ai: true, ai_text: 'You are talking to an AI assistant.' } },
      system,
      now,
    );
    expect((await agentLines(orgId, '+17182345678', false))[0]).toBe(
      'You are talking to an AI assistant. Hi, this is Ava.',
    );
  });
});
