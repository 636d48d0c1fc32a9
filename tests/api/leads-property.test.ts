import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactErrorResponse, LeadErrorResponse } from '@/schemas/error';
import { postJson } from '../support/http';
import { startServer, type RunningServer } from '../support/server';

// Random JSON bodies and field values: never a 5xx (except invalid JSON on contact), always
// the envelope. Embedded store, no bot check, a random client IP per request.
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server?.stop();
});

const ip = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([x, y, z]) => `10.${x}.${y}.${z}`);
const fieldNames = fc.constantFrom(
  'email',
  'firstname',
  'lastname',
  'phone',
  'company',
  'website',
  'team_size',
  'use_cases',
  'message',
  'consent',
  'rendered_at',
  'fax_number',
  'country',
  'seats',
  'notes',
  'name',
);
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string(),
  fc.emailAddress(),
  fc.webUrl(),
  fc.array(fc.string(), { maxLength: 4 }),
  fc.constantFrom('+1 415 555 0100', '1-10', 'outbound', 'DE', '', '  '),
);
const leadBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      formSlug: fc.oneof(
        fc.constantFrom(
          'demo-request',
          'newsletter',
          'partner-application',
          'enterprise-contact',
          'secret-beta',
        ),
        fc.string(),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      values: fc.oneof(
        fc.dictionary(fieldNames, value, { maxKeys: 8 }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      event_id: fc.oneof(fc.uuid({ version: 4 }), fc.string(), fc.jsonValue({ maxDepth: 1 })),
      botCheckToken: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 })),
      attribution: fc.oneof(
        fc.record(
          {
            first: fc.dictionary(fc.string(), fc.string()),
            pageUri: fc.string(),
            crmutk: fc.string(),
          },
          { requiredKeys: [] },
        ),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    },
    { requiredKeys: [] },
  ),
);
const contactBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    { name: value, email: value, company: value, message: value, botCheckToken: value },
    { requiredKeys: [] },
  ),
);

describe('property: random bodies', () => {
  it('POST /api/leads never answers 5xx and always answers in a documented shape', async () => {
    await fc.assert(
      fc.asyncProperty(leadBody, ip, async (body, from) => {
        const response = await postJson(server.url, '/api/leads', JSON.stringify(body), {
          ip: from,
        });
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        const json = (await response.json()) as { ok?: unknown };
        if (response.status === 200) expect(json.ok).toBe(true);
        else LeadErrorResponse.strict().parse(json);
      }),
      { numRuns: 150 },
    );
  });

  it('POST /api/contact never answers 5xx for JSON bodies, and always in the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(contactBody, async (body) => {
        const response = await postJson(server.url, '/api/contact', JSON.stringify(body));
        expect(response.status).toBeLessThan(500);
        const json: unknown = await response.json();
        if (response.status === 200) expect(json).toEqual({ success: true });
        else ContactErrorResponse.strict().parse(json);
      }),
      { numRuns: 150 },
    );
  });

  it('non-JSON bodies: leads and contact → 400 INVALID_BODY (one body parser)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string().filter((text) => {
          try {
            JSON.parse(text);
            return false;
          } catch {
            return true;
          }
        }),
        async (text) => {
          const lead = await postJson(server.url, '/api/leads', text);
          expect(lead.status).toBe(400);
          expect(LeadErrorResponse.strict().parse(await lead.json()).error.code).toBe(
            'INVALID_BODY',
          );
          const contact = await postJson(server.url, '/api/contact', text);
          expect(contact.status).toBe(400);
          const parsed = ContactErrorResponse.strict().parse(await contact.json());
          expect(parsed.error.code).toBe('INVALID_BODY');
        },
      ),
      { numRuns: 40 },
    );
  });
});
