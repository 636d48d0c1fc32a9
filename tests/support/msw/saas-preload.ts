// Stand-ins for the third-party SaaS the server calls (Cloudflare Turnstile, HubSpot, and Sanity
// when SANITY_PROJECT_ID is the fake project), loaded into the server process with
// `node --import tsx --import ./tests/support/msw/saas-preload.ts`.
//
// How tests observe and steer them across the process boundary: SAAS_FAKE_DIR names a
// directory. Every call received is appended as one JSON line to `<dir>/calls.ndjson`
// ({ service: 'turnstile' | 'hubspot' | 'sanity', at, ... }). Before answering, the fake reads
// `<dir>/mode.json` ({ "hubspot": "ok" | "fail" | "hang", "turnstile": "ok" | "unreachable" |
// "hang", "sanity": "ok" | "fail" | "hang" }); a missing file means everything works. "hang"
// holds the request without an answer until the mode changes (or the caller gives up).
// tests/support/msw/saas-fake.ts wraps both files.
//
// Turnstile honours Cloudflare's documented test secrets: 1x…AA always passes, 2x…AA always
// fails (invalid-input-response), 3x…AA answers "token already spent" (timeout-or-duplicate).
// Sanity answers queries over the bundled dataset (content/dataset.ndjson) with groq-js.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fakeDirFiles } from './fake-dir';
import { TURNSTILE_FAIL, TURNSTILE_PASS, TURNSTILE_SPENT } from './saas-preload-constants';
import { FAKE_SANITY_PROJECT, sanityHandlers, type SanityFake } from './sanity';

interface Mode {
  hubspot?: 'ok' | 'fail' | 'hang';
  turnstile?: 'ok' | 'unreachable' | 'hang';
  sanity?: 'ok' | 'fail' | 'hang';
}

const dir = process.env.SAAS_FAKE_DIR;

const { mode, record } = fakeDirFiles<Mode>(dir, {});

/** Holds a request while its service is set to hang; true when the caller gave up meanwhile. */
async function hangWhile(service: keyof Mode, request: Request): Promise<boolean> {
  if (mode()[service] !== 'hang') return false;
  record({ service, hanging: true });
  while (mode()[service] === 'hang' && !request.signal.aborted) await delay(50);
  return request.signal.aborted;
}

// Sanity's query API over the bundled dataset, when the server is pointed at the fake project.
const sanity: SanityFake = {
  documents: [],
  requests: [],
  intercept: async (request) => {
    record({ service: 'sanity', url: request.url });
    if (await hangWhile('sanity', request)) return HttpResponse.error();
    if (mode().sanity === 'fail')
      return HttpResponse.json({ error: 'fake outage' }, { status: 503 });
    return undefined;
  },
};
if (process.env.SANITY_PROJECT_ID === FAKE_SANITY_PROJECT) {
  sanity.documents = readFileSync(join(process.cwd(), 'content/dataset.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);
}

const server = setupServer(
  ...sanityHandlers(sanity),
  http.post('https://challenges.cloudflare.com/turnstile/v0/siteverify', async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    record({
      service: 'turnstile',
      secret: form.get('secret'),
      response: form.get('response'),
      remoteip: form.get('remoteip'),
      idempotency_key: form.get('idempotency_key'),
    });
    if (await hangWhile('turnstile', request)) return HttpResponse.error();
    if (mode().turnstile === 'unreachable') return HttpResponse.error();
    const secret = form.get('secret');
    const stamp = { challenge_ts: new Date().toISOString(), hostname: 'example.com' };
    if (secret === TURNSTILE_PASS)
      return HttpResponse.json({ success: true, 'error-codes': [], ...stamp });
    if (secret === TURNSTILE_SPENT)
      return HttpResponse.json({ success: false, 'error-codes': ['timeout-or-duplicate'] });
    if (secret === TURNSTILE_FAIL)
      return HttpResponse.json({ success: false, 'error-codes': ['invalid-input-response'] });
    return HttpResponse.json({ success: false, 'error-codes': ['invalid-input-secret'] });
  }),
  http.post('https://api.hubapi.com/crm/v3/objects/contacts/batch/upsert', async ({ request }) => {
    const body = (await request.json()) as {
      inputs?: { id: string; properties: Record<string, string> }[];
    };
    record({ service: 'hubspot', inputs: body.inputs ?? [] });
    if (await hangWhile('hubspot', request)) return HttpResponse.error();
    if (mode().hubspot === 'fail') {
      return HttpResponse.json(
        { status: 'error', message: 'Service unavailable (fake)', category: 'INTERNAL_ERROR' },
        { status: 503 },
      );
    }
    const now = new Date().toISOString();
    return HttpResponse.json({
      status: 'COMPLETE',
      startedAt: now,
      completedAt: now,
      results: (body.inputs ?? []).map((input, i) => ({
        id: String(1000 + i),
        properties: input.properties,
        createdAt: now,
        updatedAt: now,
        archived: false,
        new: true,
      })),
    });
  }),
);

server.listen({ onUnhandledRequest: 'bypass' });
