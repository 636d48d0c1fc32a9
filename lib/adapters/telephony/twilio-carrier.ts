import type { Twilio } from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import VoiceResponse from 'twilio/lib/twiml/VoiceResponse';
import { validateRequest } from 'twilio/lib/webhooks/webhooks';
import { z } from 'zod';
import { loadOnce } from '../../platform/runtime/load-once';
import type {
  CarrierLine,
  CarrierNumber,
  ConferenceLegRequest,
  DialOverRequest,
  LegStatus,
  NumberSearch,
  PlaceCallRequest,
  StreamResume,
} from './types';
import { twilioTransfers } from './twilio-transfer';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  fromNumber: string;
  /** Our public origin, e.g. https://api.example.com (http only on loopback). */
  publicApiUrl: string;
  /** Scheme and host replacing https://api.twilio.com on every REST request (a stand-in). */
  apiBaseUrl?: string;
}

export const TWILIO_STATUS_PATH = '/v1/telephony/twilio/status';
export const TWILIO_MEDIA_PATH = '/v1/telephony/twilio/media';
export const TWILIO_INBOUND_PATH = '/v1/telephony/twilio/inbound';

/**
 * The REST client, loaded when a carrier is built (the SDK and its HTTP client cost ~0.15 s of
 * CPU, which an embedded server never spends). With `base`, every request goes to that host
 * instead: the path and query stay Twilio's.
 */
async function restClient(options: TwilioOptions, base: URL | undefined): Promise<Twilio> {
  const { default: twilio } = await import('twilio');
  class RedirectingClient extends twilio.RequestClient {
    constructor(private readonly to: URL) {
      super({ timeout: 15_000 });
    }
    override request<T>(opts: RequestClient.RequestOptions<T>) {
      const uri = new URL(opts.uri);
      uri.protocol = this.to.protocol;
      uri.host = this.to.host;
      return super.request<T>({ ...opts, uri: uri.href });
    }
  }
  const client = twilio(options.accountSid, options.authToken, {
    ...(base ? { httpClient: new RedirectingClient(base) } : {}),
    autoRetry: true,
    maxRetries: 2,
  });
  // The client loads its REST modules on first use (~150 ms of blocked event loop): now, while
  // the server starts, not in the middle of other calls' audio.
  void client.calls;
  return client;
}

const CreatedCall = z.object({ sid: z.string().min(1) });
const AvailableNumber = z.object({ phoneNumber: z.string().min(1) });
const IncomingNumber = z.object({ sid: z.string().min(1), phoneNumber: z.string().min(1) });

/** The media stream's URL as Twilio dials it: wss, or ws for an http origin on loopback. */
export function mediaStreamUrl(publicApiUrl: string): string {
  const url = new URL(TWILIO_MEDIA_PATH, publicApiUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

export function statusCallbackUrl(publicApiUrl: string, callId: string): string {
  const url = new URL(TWILIO_STATUS_PATH, publicApiUrl);
  url.searchParams.set('call_id', callId);
  return url.href;
}

/** TwiML that connects the answered call to our media stream, carrying the call id and token. */
export function streamTwiml(publicApiUrl: string, callId: string, token: string): string {
  const response = new VoiceResponse();
  const stream = response.connect().stream({ url: mediaStreamUrl(publicApiUrl) });
  stream.parameter({ name: 'callId', value: callId });
  stream.parameter({ name: 'token', value: token });
  return response.toString();
}

/** TwiML that says `text` and hangs up: a caller never meets a silent line. */
export function sayAndHangUpTwiml(text: string): string {
  const response = new VoiceResponse();
  response.say(text);
  response.hangup();
  return response.toString();
}

/** Real calls through Twilio's REST API and Media Streams, with the official client. */
export class TwilioCarrier implements CarrierLine {
  readonly kind = 'twilio' as const;
  readonly sandbox = false;
  readonly endpointUrl: string;
  readonly defaultFrom: string;
  readonly description: string;
  readonly publicApiUrl: string;
  private readonly client: () => Promise<Twilio>;
  private readonly authToken: string;
  private readonly transfers: ReturnType<typeof twilioTransfers>;

  constructor(options: TwilioOptions) {
    this.authToken = options.authToken;
    this.defaultFrom = options.fromNumber;
    this.publicApiUrl = options.publicApiUrl.replace(/\/+$/, '');
    const base = options.apiBaseUrl ? new URL(options.apiBaseUrl) : undefined;
    this.client = loadOnce(() => restClient(options, base));
    // Loading starts with the server (a rejection is met again, and answered, on first use).
    this.client().catch(() => undefined);
    this.transfers = twilioTransfers(this.client, mediaStreamUrl(this.publicApiUrl));
    this.endpointUrl = base ? base.origin : 'https://api.twilio.com';
    this.description =
      `twilio (account ${options.accountSid.slice(0, 8)}…, from ${options.fromNumber}, ` +
      `REST ${this.endpointUrl}, reached at ${this.publicApiUrl})`;
  }

  async placeCall(request: PlaceCallRequest): Promise<{ carrierCallSid: string }> {
    const callback = statusCallbackUrl(this.publicApiUrl, request.callId);
    const created = await (
      await this.client()
    ).calls.create({
      to: request.to,
      from: request.from,
      twiml: streamTwiml(this.publicApiUrl, request.callId, request.streamToken),
      statusCallback: callback,
      statusCallbackMethod: 'POST',
      statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      timeLimit: request.timeLimitS,
      // Asynchronous, so the stream opens at once; the verdict comes after the greeting's beep.
      ...(request.machineDetection
        ? {
            machineDetection: 'DetectMessageEnd',
            asyncAmd: 'true',
            asyncAmdStatusCallback: callback,
            asyncAmdStatusCallbackMethod: 'POST',
          }
        : {}),
    });
    return { carrierCallSid: CreatedCall.parse(created).sid };
  }

  dialOver(carrierCallSid: string, request: DialOverRequest): Promise<void> {
    return this.transfers.dialOver(carrierCallSid, request);
  }

  callIntoConference(request: ConferenceLegRequest): Promise<{ carrierCallSid: string }> {
    return this.transfers.callIntoConference(request);
  }

  legStatus(carrierCallSid: string): Promise<LegStatus> {
    return this.transfers.legStatus(carrierCallSid);
  }

  legBilledSeconds(carrierCallSid: string): Promise<number | null> {
    return this.transfers.legBilledSeconds(carrierCallSid);
  }

  joinConference(carrierCallSid: string, room: string): Promise<void> {
    return this.transfers.joinConference(carrierCallSid, room);
  }

  sendDigits(carrierCallSid: string, digits: string, resume: StreamResume): Promise<void> {
    return this.transfers.sendDigits(carrierCallSid, digits, resume);
  }

  async hangUp(carrierCallSid: string): Promise<void> {
    await (await this.client()).calls(carrierCallSid).update({ status: 'completed' });
  }

  /** Where the number sends its calls and their status: our inbound webhook and callbacks. */
  private numberUrls() {
    return {
      voiceUrl: new URL(TWILIO_INBOUND_PATH, this.publicApiUrl).href,
      voiceMethod: 'POST',
      statusCallback: new URL(TWILIO_STATUS_PATH, this.publicApiUrl).href,
      statusCallbackMethod: 'POST',
    };
  }

  async buyNumber(search: NumberSearch): Promise<CarrierNumber | null> {
    const found = await (await this.client()).availablePhoneNumbers(search.country).local.list({
      ...(search.areaCode ? { areaCode: Number(search.areaCode) } : {}),
      ...(search.contains ? { contains: search.contains } : {}),
      voiceEnabled: true,
      limit: 1,
    });
    const first = found[0];
    if (!first) return null;
    const { phoneNumber } = AvailableNumber.parse(first);
    const bought = IncomingNumber.parse(
      await (
        await this.client()
      ).incomingPhoneNumbers.create({ phoneNumber, ...this.numberUrls() }),
    );
    return { number: bought.phoneNumber, carrierSid: bought.sid };
  }

  async importNumber(number: string): Promise<CarrierNumber | null> {
    const [held] = await (
      await this.client()
    ).incomingPhoneNumbers.list({ phoneNumber: number, limit: 1 });
    if (!held) return null;
    const { sid } = IncomingNumber.parse(held);
    const updated = IncomingNumber.parse(
      await (await this.client()).incomingPhoneNumbers(sid).update(this.numberUrls()),
    );
    return { number: updated.phoneNumber, carrierSid: updated.sid };
  }

  async releaseNumber(carrierSid: string): Promise<void> {
    await (await this.client()).incomingPhoneNumbers(carrierSid).remove();
  }

  validSignature(signature: string | null, url: string, params: Record<string, string>): boolean {
    if (!signature) return false;
    return validateRequest(this.authToken, signature, url, params);
  }
}
