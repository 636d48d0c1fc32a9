// Twilio's phone-number REST API as a stand-in account: available numbers to search, the account's
// incoming numbers (bought, imported, released) and every request received, for msw in a test or
// in a server's process (voice-upstreams-preload.ts).
import { http, HttpResponse } from 'msw';

/** The numbers of the stand-in account a carrier server starts with. */
export const STAND_IN_NUMBERS = {
  available: ['+16465550150', '+16465550151'],
  held: '+16175550142',
} as const;

export interface StandInNumber {
  sid: string;
  phoneNumber: string;
  voiceUrl: string | null;
  statusCallback: string | null;
}

export interface TwilioNumberAccount {
  /** Numbers a search may find, by country; bought ones leave the list. */
  available: Record<string, string[]>;
  /** The account's incoming numbers. */
  owned: StandInNumber[];
  requests: { method: string; path: string; params: Record<string, string> }[];
}

export const twilioNumberAccount = (
  available: Record<string, string[]> = {},
  owned: StandInNumber[] = [],
): TwilioNumberAccount => ({ available, owned, requests: [] });

const wire = (n: StandInNumber) => ({
  sid: n.sid,
  phone_number: n.phoneNumber,
  friendly_name: n.phoneNumber,
  voice_url: n.voiceUrl,
  voice_method: 'POST',
  status_callback: n.statusCallback,
  status_callback_method: 'POST',
});

const page = (key: string, items: unknown[], uri: string) => ({
  [key]: items,
  uri,
  page: 0,
  page_size: items.length,
  next_page_uri: null,
  previous_page_uri: null,
  first_page_uri: uri,
  start: 0,
  end: Math.max(0, items.length - 1),
});

let sids = 0;

/** msw handlers playing `account` at `base` (scheme and host replacing https://api.twilio.com). */
export function twilioNumberHandlers(base: string, account: () => TwilioNumberAccount) {
  const root = `${base}/2010-04-01/Accounts/:account`;
  const log = (request: Request, params: Record<string, string>) =>
    account().requests.push({
      method: request.method,
      path: new URL(request.url).pathname,
      params,
    });
  const form = async (request: Request) =>
    Object.fromEntries(new URLSearchParams(await request.text()));
  return [
    http.get(`${root}/AvailablePhoneNumbers/:country/Local.json`, ({ request, params }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      log(request, query);
      const pool = account().available[String(params.country)] ?? [];
      const found = pool.filter(
        (n) =>
          (!query.AreaCode || n.startsWith(`+1${query.AreaCode}`)) &&
          (!query.Contains || n.includes(query.Contains)),
      );
      const items = found.map((n) => ({
        phone_number: n,
        friendly_name: n,
        iso_country: params.country,
      }));
      return HttpResponse.json(
        page('available_phone_numbers', items, new URL(request.url).pathname),
      );
    }),
    http.post(`${root}/IncomingPhoneNumbers.json`, async ({ request }) => {
      const params = await form(request);
      log(request, params);
      const state = account();
      for (const [country, pool] of Object.entries(state.available)) {
        state.available[country] = pool.filter((n) => n !== params.PhoneNumber);
      }
      const bought: StandInNumber = {
        sid: `PN${String(++sids).padStart(32, '0')}`,
        phoneNumber: params.PhoneNumber!,
        voiceUrl: params.VoiceUrl ?? null,
        statusCallback: params.StatusCallback ?? null,
      };
      state.owned.push(bought);
      return HttpResponse.json(wire(bought), { status: 201 });
    }),
    http.get(`${root}/IncomingPhoneNumbers.json`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      log(request, query);
      const items = account().owned.filter(
        (n) => !query.PhoneNumber || n.phoneNumber === query.PhoneNumber,
      );
      return HttpResponse.json(
        page('incoming_phone_numbers', items.map(wire), new URL(request.url).pathname),
      );
    }),
    http.post(`${root}/IncomingPhoneNumbers/:sid.json`, async ({ request, params }) => {
      const body = await form(request);
      log(request, body);
      const held = account().owned.find((n) => n.sid === params.sid);
      if (!held) return HttpResponse.json({ code: 20404, message: 'Not found' }, { status: 404 });
      if (body.VoiceUrl) held.voiceUrl = body.VoiceUrl;
      if (body.StatusCallback) held.statusCallback = body.StatusCallback;
      return HttpResponse.json(wire(held));
    }),
    http.delete(`${root}/IncomingPhoneNumbers/:sid.json`, ({ request, params }) => {
      log(request, {});
      const state = account();
      state.owned = state.owned.filter((n) => n.sid !== params.sid);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
