import type { CarrierLine, PlaceCallRequest } from '@/lib/telephony';

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
      validSignature: () => true,
    };
  return line;
}
