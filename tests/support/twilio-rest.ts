import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TwilioCarrier } from '@/lib/adapters/telephony';
import { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN } from './twilio-line';

/** One REST request Twilio received: the call it names (if any) and its form. */
export interface TwilioRequest {
  method: string;
  /** Calls.json (create), Calls/<sid>.json (fetch or update). */
  path: string;
  sid: string | null;
  form: Record<string, string>;
}

/**
 * Twilio's REST API for calls on a real local HTTP server, and the production adapter pointed at
 * it: what a test does through the carrier lands in `requests` as Twilio would receive it. A
 * created leg answers GET with `legStatus` (the person picks up, or not) and, once set,
 * `legDuration` (the seconds Twilio bills for an ended call); updates of `refuseUpdatesOf` are
 * refused as Twilio refuses them (400, its error body).
 */
export async function twilioRestStandIn(options: { legStatus?: string } = {}) {
  const requests: TwilioRequest[] = [];
  const state: {
    legStatus: string;
    legs: number;
    legDuration?: string;
    /** A call whose updates Twilio refuses (moving the caller into the transfer fails). */
    refuseUpdatesOf?: string;
  } = {
    legStatus: options.legStatus ?? 'in-progress',
    legs: 0,
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname.replace(
        /^.*\/Accounts\/[^/]+\//,
        '',
      );
      const sid = /^Calls\/([^/.]+)\.json$/.exec(path)?.[1] ?? null;
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: request.method ?? 'GET', path, sid, form });
      if (sid && sid === state.refuseUpdatesOf && request.method === 'POST') {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ code: 21220, message: 'Call is not in-progress.', status: 400 }),
        );
        return;
      }
      const created = !sid && request.method === 'POST';
      const callSid = created ? `CAleg${++state.legs}` : (sid ?? 'CA0');
      const status = created
        ? 'queued'
        : request.method === 'GET'
          ? state.legStatus
          : 'in-progress';
      response.writeHead(created ? 201 : 200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          sid: callSid,
          status,
          to: form.To ?? null,
          from: form.From ?? null,
          duration: request.method === 'GET' ? (state.legDuration ?? null) : null,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const carrier = new TwilioCarrier({
    accountSid: TWILIO_ACCOUNT_SID,
    authToken: TWILIO_AUTH_TOKEN,
    fromNumber: '+15005550006',
    publicApiUrl: 'https://api.example.test',
    apiBaseUrl: `http://127.0.0.1:${port}`,
  });
  return {
    carrier,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
