import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Database, type Db } from '@/lib/adapters/db';
import type { SpeechEngine } from '@/lib/adapters/speech-engine';
import { getTranscripts } from '@/lib/calls/get-call';
import { callRow, playCalls, testCallDeps, type TestCallDeps } from '../../support/call-deps';
import { dispatchTestCall } from '../../support/recording-carrier';
import { freshPglite } from '../../support/databases';

// The sandbox line's voicemail (test number 555-0103) with machine detection asked for: what
// voicemail_action does after the greeting, and the pronunciation guide on this line too.

/** Speech whose requests are kept: 100 ms of tone per word, so lines have a length. */
function keptSpeech() {
  const texts: string[] = [];
  const engine: SpeechEngine = {
    kind: 'espeak',
    description: 'kept speech',
    async *synthesize(request) {
      texts.push(request.text);
      const samples = (request.text.split(/\s+/).length * request.sampleRate) / 10;
      yield { text: request.text, pcm: Buffer.alloc(samples * 2, 1) };
    },
    listVoices: async () => [
      { id: 'en', name: 'English', language: 'en' },
      { id: 'en-gb', name: 'British', language: 'en-GB' },
    ],
    close: async () => {},
  };
  return { engine, texts };
}

let database: Database;
let db: Db;
beforeAll(async () => {
  database = freshPglite();
  db = await database.ready();
}, 120_000);
afterAll(() => database.close());

async function voicemailCall(body: Record<string, unknown>) {
  const speech = keptSpeech();
  const deps: TestCallDeps = testCallDeps(db, speech.engine);
  const { callId } = await dispatchTestCall(deps, { phone_number: '+14155550103', ...body });
  await playCalls(deps, [callId]);
  const lines = (await getTranscripts(db, callId)).map((l) => [l.user, l.text]);
  return { row: await callRow(db, callId), lines, spoken: speech.texts };
}

const GREETING = "Hi, you've reached my voicemail. Please leave a message after the tone.";

describe('voicemail on the sandbox line', () => {
  it('leaves voicemail_message word for word after the greeting, then hangs up', async () => {
    const { row, lines } = await voicemailCall({
      answered_by_enabled: true,
      voicemail_message: 'Hi {{name}}, this is Bright Dental. Please call us back.',
      request_data: { name: 'Ada' },
    });
    expect(lines).toEqual([
      ['user', GREETING],
      ['assistant', 'Hi Ada, this is Bright Dental. Please call us back.'],
    ]);
    expect(row).toMatchObject({
      queueStatus: 'complete',
      answeredBy: 'voicemail',
      callEndedBy: 'ASSISTANT',
    });
  });

  it('hangs up after the greeting with voicemail_action hangup', async () => {
    const { row, lines } = await voicemailCall({
      answered_by_enabled: true,
      voicemail_action: 'hangup',
    });
    expect(lines).toEqual([['user', GREETING]]);
    expect(row).toMatchObject({ queueStatus: 'complete', callEndedBy: 'ASSISTANT' });
  });

  it('talks as to a person with voicemail_action ignore, until the recording ends', async () => {
    const { row, lines } = await voicemailCall({
      answered_by_enabled: true,
      voicemail_action: 'ignore',
      first_sentence: 'Hi, this is Ava from Bright Dental.',
    });
    expect(lines).toEqual([
      ['user', GREETING],
      ['assistant', 'Hi, this is Ava from Bright Dental.'],
    ]);
    expect(row).toMatchObject({ answeredBy: 'voicemail', callEndedBy: 'USER' });
  });

  it('without detection, the agent words its own message as before', async () => {
    const { lines } = await voicemailCall({ first_sentence: 'Hi, this is Ava.' });
    expect(lines[1]![1]).toMatch(/^Hi, this is Ava\..*Please call us back\. Goodbye!$/);
  });

  it('says the agent’s words as the pronunciation guide spells them', async () => {
    const { spoken, lines } = await voicemailCall({
      answered_by_enabled: true,
      voicemail_message: 'This is Dr. Nguyen.',
      pronunciation_guide: [{ word: 'Nguyen', pronunciation: 'Win' }],
    });
    expect(spoken).toContain('This is Dr. Win.');
    expect(spoken).not.toContain('This is Dr. Nguyen.');
    expect(lines.at(-1)).toEqual(['assistant', 'This is Dr. Nguyen.']);
  });

  it('stores the fields on the call row', async () => {
    const speech = keptSpeech();
    const deps = testCallDeps(db, speech.engine);
    const { callId } = await dispatchTestCall(deps, {
      answered_by_enabled: true,
      keywords: ['Invisalign'],
      block_interruptions: true,
      interruption_threshold: 500,
      temperature: 0.5,
    });
    const [row] = await db.select().from(schema.calls).where(eq(schema.calls.id, callId));
    expect(row).toMatchObject({
      voicemail: { message: null, action: 'leave_message' },
      speechControl: {
        keywords: ['Invisalign'],
        blockInterruptions: true,
        interruptionThresholdMs: 500,
        temperature: 0.5,
      },
    });
  });
});
