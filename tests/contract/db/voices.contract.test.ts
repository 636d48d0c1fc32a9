import { describe, expect, it } from 'vitest';
import { schema, type Db } from '@/lib/adapters/db';
import { applyLedgerEntry } from '@/lib/wallet';
import { createOrg } from '@/lib/composition/create-org';
import { usdToMicros } from '@/lib/platform/money';
import { setLimitOverrides } from '@/lib/wallet/limits/set-limit-overrides';
import type { EngineVoice, SpeechEngine } from '@/lib/adapters/speech-engine';
import {
  createClone,
  deleteClone,
  getConsentRecording,
  listVoices,
  promoteClone,
  resolveVoice,
  reviewClone,
  type VoiceAnalysis,
} from '@/lib/speech/voices';
import { databaseAdapters, openForSuite } from '../../support/databases';

const now = new Date('2026-11-01T12:00:00Z');

const analysis: VoiceAnalysis = {
  engineVoice: 'en-us+f3',
  pitch: 62,
  speed: 1.1,
  samplePitchHz: 231,
  sampleSyllablesPerSecond: 7.5,
  sampleSeconds: 12,
  sampleCount: 2,
};

/** The database is what this suite tests; the engine only needs to list its voices. */
const engineVoices: EngineVoice[] = [
  { id: 'en-us', name: 'English (America)', language: 'en-us', gender: 'male' },
  { id: 'en-us+f3', name: 'English (America), female', language: 'en-us', gender: 'female' },
];
const speech: SpeechEngine = {
  kind: 'espeak',
  description: 'voice list only',
  synthesize: () => {
    throw new Error('not used');
  },
  listVoices: async () => engineVoices,
  close: async () => {},
};

describe.each(databaseAdapters)('voice clones on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));

  const newOrg = async () =>
    (await createOrg(db, { name: 'Voices', startingCreditMicros: usdToMicros(10) }, now)).orgId;
  const deposit = (orgId: string, usd: number) =>
    applyLedgerEntry(db, { orgId, kind: 'deposit', amountMicros: usdToMicros(usd), now });
  const instant = (orgId: string) =>
    createClone(db, { orgId, kind: 'instant', name: 'Mine', analysis, now });
  // The speaker's consent statement as uploaded (the database keeps the bytes it is given).
  const statement = { wav: new Uint8Array([82, 73, 70, 70, 1, 2, 3]), seconds: 4.5 };
  const draft = (orgId: string, recording: typeof statement | null = statement) =>
    createClone(db, { orgId, kind: 'professional', name: 'Studio', analysis, now, recording });

  it('walks the draft/live table transition by transition', async () => {
    const orgId = await newOrg();
    const first = await draft(orgId);
    expect(first).toMatchObject({ state: 'draft', kind: 'professional', generation: 'V3' });
    await expect(resolveVoice({ db, speech }, orgId, first.id)).rejects.toMatchObject({
      code: 'VOICE_NOT_LIVE',
      status: 409,
      field: 'voice',
    });

    // Unreviewed, unfunded and at a live limit of 0: the review is named first.
    await expect(promoteClone(db, orgId, first.id, now)).rejects.toMatchObject({
      code: 'REVIEW_NOT_PASSED',
    });
    await reviewClone(db, first.id, { approved: false, note: 'No consent form' }, now);
    await expect(promoteClone(db, orgId, first.id, now)).rejects.toMatchObject({
      code: 'REVIEW_NOT_PASSED',
    });
    await reviewClone(db, first.id, { approved: true }, now);
    // The starting credit does not fund the org; an admin raise of the limit does not either.
    await setLimitOverrides(db, orgId, { live_clones: 3 });
    await expect(promoteClone(db, orgId, first.id, now)).rejects.toMatchObject({
      code: 'ORG_NOT_FUNDED',
      status: 402,
    });
    await setLimitOverrides(db, orgId, { live_clones: null });
    await deposit(orgId, 3);
    await expect(promoteClone(db, orgId, first.id, now)).rejects.toMatchObject({
      code: 'ORG_NOT_FUNDED',
    });
    await deposit(orgId, 2);
    const live = await promoteClone(db, orgId, first.id, now);
    expect(live).toMatchObject({ state: 'live', promotedAt: now });
    await expect(resolveVoice({ db, speech }, orgId, first.id)).resolves.toEqual({
      id: first.id,
      engineVoice: 'en-us+f3',
      pitch: 62,
      speed: 1.1,
    });
    // Promoting a live clone again changes nothing.
    await expect(promoteClone(db, orgId, first.id, now)).resolves.toMatchObject({ state: 'live' });

    const second = await draft(orgId);
    await reviewClone(db, second.id, { approved: true }, now);
    await expect(promoteClone(db, orgId, second.id, now)).rejects.toMatchObject({
      code: 'LIVE_CLONE_LIMIT_REACHED',
      status: 403,
    });
    await setLimitOverrides(db, orgId, { live_clones: 2 });
    await expect(promoteClone(db, orgId, second.id, now)).resolves.toMatchObject({
      state: 'live',
    });
    // Drafts are unlimited.
    for (let i = 0; i < 5; i++) await draft(orgId);
  });

  it("keeps a draft's consent recording with it: promotion needs it, deleting the draft removes it", async () => {
    const orgId = await newOrg();
    await deposit(orgId, 5);
    const recorded = await draft(orgId);
    expect([...(await getConsentRecording(db, recorded.id, orgId))]).toEqual([...statement.wav]);
    // Another organization's members cannot fetch it; the operators' review (no org) can.
    await expect(getConsentRecording(db, recorded.id, await newOrg())).rejects.toMatchObject({
      status: 404,
    });
    await expect(getConsentRecording(db, recorded.id)).resolves.toHaveLength(statement.wav.length);

    const silent = await draft(orgId, null);
    await reviewClone(db, silent.id, { approved: true }, now);
    await expect(promoteClone(db, orgId, silent.id, now)).rejects.toMatchObject({
      code: 'CONSENT_RECORDING_MISSING',
      status: 409,
    });
    await deleteClone(db, orgId, recorded.id);
    await expect(getConsentRecording(db, recorded.id)).rejects.toMatchObject({ status: 404 });
  });

  it('limits V3 instant clones to 1 before the unlock and 10 after; deleting frees a slot', async () => {
    const orgId = await newOrg();
    const one = await instant(orgId);
    expect(one).toMatchObject({ state: 'live', generation: 'V3', kind: 'instant' });
    await expect(instant(orgId)).rejects.toMatchObject({
      code: 'INSTANT_CLONE_LIMIT_REACHED',
      status: 403,
    });
    await deleteClone(db, orgId, one.id);
    const again = await instant(orgId);
    await expect(instant(orgId)).rejects.toMatchObject({ code: 'INSTANT_CLONE_LIMIT_REACHED' });

    // A legacy (V2) instant clone does not take a slot; professional drafts do not either.
    await db.insert(schema.voiceClones).values({
      id: '00000000-0000-4000-8000-000000000002',
      orgId,
      kind: 'instant',
      generation: 'V2',
      state: 'live',
      name: 'Legacy',
      engineVoice: 'en-us',
      pitch: 50,
      speed: 1,
      sampleSeconds: 5,
      sampleCount: 1,
      createdAt: now,
    });
    await draft(orgId);
    await deposit(orgId, 5);
    const made = [again];
    for (let i = 0; i < 9; i++) made.push(await instant(orgId));
    await expect(instant(orgId)).rejects.toMatchObject({ code: 'INSTANT_CLONE_LIMIT_REACHED' });

    // A limit lowered after creation keeps the clones usable but refuses new ones.
    await setLimitOverrides(db, orgId, { instant_clones: 2 });
    for (const clone of made) {
      await expect(resolveVoice({ db, speech }, orgId, clone.id)).resolves.toMatchObject({
        id: clone.id,
        engineVoice: 'en-us+f3',
      });
    }
    await expect(instant(orgId)).rejects.toMatchObject({ code: 'INSTANT_CLONE_LIMIT_REACHED' });
    const listed = await listVoices({ db, speech }, orgId, { includeEngine: false });
    expect(listed.filter((v) => v.kind === 'instant')).toHaveLength(11);
  });

  it("keeps clones to their org: another org's clone is not found", async () => {
    const owner = await newOrg();
    const other = await newOrg();
    const clone = await instant(owner);
    await expect(resolveVoice({ db, speech }, other, clone.id)).rejects.toMatchObject({
      code: 'VOICE_NOT_FOUND',
      status: 404,
      field: 'voice',
    });
    await expect(promoteClone(db, other, clone.id, now)).rejects.toMatchObject({
      code: 'VOICE_NOT_FOUND',
    });
    await expect(deleteClone(db, other, clone.id)).rejects.toMatchObject({
      code: 'VOICE_NOT_FOUND',
    });
    const listed = await listVoices({ db, speech }, other, { includeEngine: false });
    expect(listed.map((v) => v.id)).not.toContain(clone.id);
    await expect(resolveVoice({ db, speech }, owner, clone.id)).resolves.toMatchObject({
      id: clone.id,
    });
  });

  it('resolves catalogue, engine and default voices', async () => {
    const orgId = await newOrg();
    await expect(resolveVoice({ db, speech }, orgId, undefined)).resolves.toEqual({
      id: 'en-us',
      engineVoice: undefined,
    });
    await expect(resolveVoice({ db, speech }, orgId, 'ava')).resolves.toEqual({
      id: 'ava',
      engineVoice: 'en-us+f3',
      pitch: 50,
      speed: 1,
    });
    await expect(resolveVoice({ db, speech }, orgId, 'en-us')).resolves.toEqual({
      id: 'en-us',
      engineVoice: 'en-us',
    });
    // A persona whose engine voice this engine lacks falls back to the default voice.
    await expect(resolveVoice({ db, speech }, orgId, 'olivia')).resolves.toMatchObject({
      engineVoice: undefined,
    });
    await expect(resolveVoice({ db, speech }, orgId, 'nobody')).rejects.toMatchObject({
      code: 'VOICE_NOT_FOUND',
    });
  });
});
