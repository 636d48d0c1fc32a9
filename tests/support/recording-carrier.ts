import { dispatchCall } from '@/lib/calls/dispatch-call';
import type { CallDeps } from '@/lib/calls/types';
import { createOrg } from '@/lib/composition/create-org';
import type { SpeechEngine } from '@/lib/adapters/speech-engine';
import type { CarrierLine, PlaceCallRequest } from '@/lib/adapters/telephony';
import { openCallSuite, type CallSuite } from './call-deps';
import type { TestDatabase } from './databases';

/** A carrier port that records what it is asked and fails when told to. */
export function recordingCarrier(options: { sidPrefix?: string } = {}) {
  const placed: PlaceCallRequest[] = [];
  const hungUp: string[] = [];
  const state = { refuse: false };
  const line: CarrierLine & { placed: typeof placed; hungUp: typeof hungUp; state: typeof state } =
    {
      kind: 'twilio',
      sandbox: false,
      description: 'recording carrier',
      endpointUrl: 'https://carrier.test',
      defaultFrom: '+15005550006',
      publicApiUrl: 'https://api.test',
      placed,
      hungUp,
      state,
      placeCall: (request) => {
        if (state.refuse) return Promise.reject(new Error('21215: geo permission missing'));
        placed.push(request);
        return Promise.resolve({ carrierCallSid: `${options.sidPrefix ?? 'CA'}${placed.length}` });
      },
      hangUp: (sid) => {
        hungUp.push(sid);
        return Promise.resolve();
      },
      buyNumber: () => Promise.resolve(null),
      // Every number is in the account: its SID is made from it.
      importNumber: (number) => Promise.resolve({ number, carrierSid: `PN${number.slice(1)}` }),
      releaseNumber: () => Promise.resolve(),
      validSignature: () => true,
    };
  return line;
}

/** A call to a person, dispatched for a new org with $10 of credit (not yet dialled). */
export async function dispatchTestCall(
  deps: CallDeps,
  body: Record<string, unknown> = {},
): Promise<{ callId: string; orgId: string }> {
  const { orgId } = await createOrg(
    deps.db,
    { name: 'Carrier', startingCreditMicros: 10_000_000 },
    new Date(deps.clock.now()),
  );
  const result = await dispatchCall(deps, {
    orgId,
    body: { phone_number: '+14155550123', task: 'Confirm Tuesday.', max_duration: 3, ...body },
    idempotencyKey: null,
    origin: 'https://api.test',
  });
  return { callId: result.body.call_id, orgId };
}

export type RecordingCarrier = ReturnType<typeof recordingCarrier>;

/** openCallSuite with the recording carrier as the line: what `ready` gets also holds the carrier. */
export function openCarrierSuite(
  adapter: { open(): Promise<TestDatabase> },
  speech: { current: SpeechEngine },
  ready: (suite: CallSuite & { carrier: RecordingCarrier }) => void,
): void {
  openCallSuite(adapter, speech, ({ db, deps }) => {
    const carrier = recordingCarrier();
    ready({ db, carrier, deps: { ...deps, provider: carrier } });
  });
}
