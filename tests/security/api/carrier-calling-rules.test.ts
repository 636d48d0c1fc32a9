import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierStatus, createFakeDir } from '../../support/carrier-call';
import { startCarrierServer } from '../../support/carrier-server';
import { eventually } from '../../support/eventually';
import { depositUsd, expectError } from '../../support/http';
import { fakeRecords } from '../../support/twilio-line';
import { createTestOrg, TASK, voice, type VoiceServer } from '../../support/voice-api';

// Attacks on the calling rules with a real carrier configured (the Twilio stand-in), over HTTP
// against two instances on one database: a fresh account that never paid dials a real number;
// a new paying account fires calls at both instances at once to get past the cap of three
// real calls at once.
let first: VoiceServer;
let second: VoiceServer;
const fakeDir = createFakeDir();

beforeAll(async () => {
  first = await startCarrierServer({ fakeDir });
  second = await startCarrierServer({ fakeDir, shareWith: first });
}, 120_000);
afterAll(async () => {
  await second?.dispose();
  await first?.dispose();
});

/** Real (not sandbox test) US numbers: the cap and the deposit rule apply to them. */
const real = (n: number) => `+1718234${String(5000 + n).padStart(4, '0')}`;
const dialledTo = (to: string) =>
  fakeRecords(fakeDir).filter(
    (r) => r.service === 'twilio' && r.action === 'create' && r.params?.To === to,
  );

describe('real calls need a paying organization', () => {
  it('starting credit alone: a real number is refused 402, a sandbox test number is placed', async () => {
    const org = await createTestOrg(first.url, 5);
    const refused = await voice(first.url, org.apiKey, '/v1/calls', {
      json: { phone_number: real(1), task: TASK },
    });
    const { envelope } = await expectError(refused, 402, 'DEPOSIT_REQUIRED');
    expect(envelope.error.message).toMatch(/billing/i);
    const placed = await voice(second.url, org.apiKey, '/v1/calls', {
      json: { phone_number: '+14155550123', task: TASK },
    });
    expect(placed.status).toBe(200);
    expect(dialledTo(real(1))).toEqual([]);
  });
});

describe('a new paying organization on two instances', () => {
  it('eight calls at once, split between them: three are dialled, the next only when one ends', async () => {
    const org = await createTestOrg(first.url, 0);
    await depositUsd(first.url, org.orgId, 20);
    const numbers = Array.from({ length: 8 }, (_, i) => real(100 + i));
    const answers = await Promise.all(
      numbers.map((to, i) =>
        voice(i % 2 ? second.url : first.url, org.apiKey, '/v1/calls', {
          json: { phone_number: to, task: TASK, max_duration: 2 },
        }),
      ),
    );
    // Three at once is a wait, not a refusal: every call is accepted and queued.
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const dialled = () => numbers.flatMap(dialledTo);
    await eventually(() => (dialled().length >= 3 ? true : undefined), 30_000);

    // One of the three ends (Twilio's final callback): exactly one more is dialled. Had the
    // instances not shared the cap, all eight would have been dialled before this point.
    const [ended] = dialled();
    const finished = await carrierStatus(ended!.params!.StatusCallback!, ended!.sid!, 'completed', {
      CallDuration: '20',
    });
    expect(finished.status).toBe(204);
    await eventually(() => (dialled().length >= 4 ? true : undefined), 30_000);
    expect(dialled()).toHaveLength(4);
  }, 120_000);
});
