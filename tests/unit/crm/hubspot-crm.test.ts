import { delay, http, HttpResponse } from 'msw';
import { mswServer } from '../../support/msw/msw-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmError, HubspotCrm } from '@/lib/adapters/crm';

// msw stands in for HubSpot's REST API (third-party SaaS); the adapter is ours.
const UPSERT = 'https://api.hubapi.com/crm/v3/objects/contacts/batch/upsert';
let answer: 'ok' | 'fail' | 'hang' = 'ok';
const received: unknown[] = [];
const server = mswServer(
  http.post(UPSERT, async ({ request }) => {
    received.push(await request.json());
    if (answer === 'hang') await delay('infinite');
    if (answer === 'fail') return HttpResponse.json({ status: 'error' }, { status: 503 });
    return HttpResponse.json({ status: 'COMPLETE', results: [{ id: '901' }] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const contact = { email: 'ada@acme.example', properties: { firstname: 'Ada' }, source: 'test' };

describe('HubspotCrm', () => {
  it('upserts one contact keyed by email and returns its id', async () => {
    answer = 'ok';
    await expect(new HubspotCrm('token').upsertContact(contact)).resolves.toEqual({ id: '901' });
    expect(received.at(-1)).toEqual({
      inputs: [
        {
          id: 'ada@acme.example',
          idProperty: 'email',
          properties: { firstname: 'Ada', email: 'ada@acme.example' },
        },
      ],
    });
  });

  it('turns an error answer into a CrmError', async () => {
    answer = 'fail';
    await expect(new HubspotCrm('token').upsertContact(contact)).rejects.toBeInstanceOf(CrmError);
  });

  it('gives up on a call that does not answer in time', async () => {
    answer = 'hang';
    const crm = new HubspotCrm('token', { timeoutMs: 50 });
    await expect(crm.upsertContact(contact)).rejects.toThrow(/no answer within 50 ms/);
  });
});
