// Stand-ins for the third-party SaaS the server calls (Cloudflare Turnstile, HubSpot), loaded
// into the server process with `node --import tsx --import ./tests/support/msw/saas-preload.ts`.
//
// How tests observe and steer them across the process boundary: SAAS_FAKE_DIR names a
// directory. Every call received is appended as one JSON line to `<dir>/calls.ndjson`
// ({ service: 'turnstile' | 'hubspot', at, ... }). Before answering, the fake reads
// `<dir>/mode.json` ({ "hubspot": "ok" | "fail", "turnstile": "ok" | "unreachable" });
// a missing file means everything works. tests/support/msw/saas-fake.ts wraps both files.
//
// Turnstile honours Cloudflare's documented test secrets: 1x…AA always passes, 2x…AA always
// fails (invalid-input-response), 3x…AA answers "token already spent" (timeout-or-duplicate).
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { TURNSTILE_FAIL, TURNSTILE_PASS, TURNSTILE_SPENT } from './saas-preload-constants';

interface Mode {
  hubspot?: 'ok' | 'fail';
  turnstile?: 'ok' | 'unreachable';
}

const dir = process.env.SAAS_FAKE_DIR;

function mode(): Mode {
  if (!dir) return {};
  try {
    return JSON.parse(readFileSync(join(dir, 'mode.json'), 'utf8')) as Mode;
  } catch {
    return {};
  }
}

function record(call: Record<string, unknown>): void {
  if (dir)
    appendFileSync(join(dir, 'calls.ndjson'), JSON.stringify({ ...call, at: Date.now() }) + '\n');
}

const server = setupServer(
  http.post('https://challenges.cloudflare.com/turnstile/v0/siteverify', async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    record({
      service: 'turnstile',
      secret: form.get('secret'),
      response: form.get('response'),
      remoteip: form.get('remoteip'),
      idempotency_key: form.get('idempotency_key'),
    });
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
