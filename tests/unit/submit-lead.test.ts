import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/platform/http';
import { submitLead, type LeadRequest } from '@/lib/site/leads/submit-lead';
import { fixedBotCheck, leadDeps } from '../support/lead-deps';

const request = (body: unknown, ip = '203.0.113.7'): LeadRequest => ({
  body,
  ip,
  referer: 'https://site.example/demo',
  crmutkCookie: null,
});

async function code(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  return 'OK';
}

const newsletter = (email = 'ada@acme.example', extra: Record<string, unknown> = {}) => ({
  formSlug: 'newsletter',
  values: { email },
  ...extra,
});

describe('submitLead', () => {
  it('stores a valid lead and answers with the form postSubmit', async () => {
    const { deps } = leadDeps();
    const outcome = await submitLead(deps, request(newsletter()));
    expect(outcome.body).toEqual({
      ok: true,
      postSubmit: {
        kind: 'message',
        message: "Thanks — you're subscribed.",
      },
      submissionId: outcome.storedId,
    });
    expect(outcome.headers['RateLimit-Policy']).toBe('"lead-submit";q=10;w=60');
  });

  it('applies the scheduler defaults for a bare default-scheduler form', async () => {
    const { deps } = leadDeps();
    const outcome = await submitLead(
      deps,
      request({
        formSlug: 'enterprise-contact',
        values: { email: 'cto@acme.example', phone: '+1 415 555 0100' },
      }),
    );
    expect(outcome.body.postSubmit).toEqual({
      kind: 'default-scheduler',
      minHeight: 720,
      prefillFields: ['email', 'firstname', 'company'],
    });
  });

  it('maps unknown and draft forms to FORM_NOT_FOUND and bad bodies to INVALID_BODY', async () => {
    const { deps } = leadDeps();
    expect(await code(submitLead(deps, request({ formSlug: 'secret-beta', values: {} })))).toBe(
      'FORM_NOT_FOUND',
    );
    expect(await code(submitLead(deps, request({ formSlug: '', values: {} })))).toBe(
      'INVALID_BODY',
    );
    expect(await code(submitLead(deps, request([1, 2])))).toBe('INVALID_BODY');
  });

  it('accepts trap and blocklist hits without storing them', async () => {
    const { deps, crm } = leadDeps();
    const blocked = await submitLead(deps, request(newsletter('bot@spammy.example')));
    expect(blocked.body.submissionId).toBeNull();
    expect(blocked.storedId).toBeUndefined();
    const demo = {
      formSlug: 'demo-request',
      values: {
        firstname: 'Ada',
        email: 'ada@acme.example',
        company: 'Acme',
        consent: true,
        fax_number: '555-0100',
      },
    };
    expect((await submitLead(deps, request(demo))).body.submissionId).toBeNull();
    const tooFast = {
      ...demo,
      values: { ...demo.values, fax_number: '', rendered_at: deps.clock.now() - 1000 },
    };
    expect((await submitLead(deps, request(tooFast))).body.submissionId).toBeNull();
    const slow = {
      ...demo,
      values: { ...demo.values, fax_number: '', rendered_at: deps.clock.now() - 5000 },
    };
    expect((await submitLead(deps, request(slow))).body.submissionId).toEqual(expect.any(String));
    expect(crm.calls).toHaveLength(0);
  });

  it('replays the original envelope for a repeated event_id without a second bot check', async () => {
    const botCheck = fixedBotCheck('valid');
    const { deps } = leadDeps({ botCheck });
    const body = {
      formSlug: 'partner-application',
      values: { company: 'Acme', email: 'ada@example.com' },
      botCheckToken: 'token',
      event_id: randomUUID(),
    };
    const first = await submitLead(deps, request(body));
    const again = await submitLead(deps, request({ ...body, values: { company: 'Other' } }));
    expect(again.body).toEqual(first.body);
    expect(again.storedId).toBeUndefined();
    expect(botCheck.calls).toBe(1);
  });

  it('fails closed on a rejected token and open on an unavailable provider', async () => {
    const body = {
      ...newsletter(),
      formSlug: 'partner-application',
      values: { company: 'A', email: 'a@example.com' },
      botCheckToken: 't',
    };
    expect(
      await code(submitLead(leadDeps({ botCheck: fixedBotCheck('invalid') }).deps, request(body))),
    ).toBe('BOTCHECK_INVALID');
    expect(
      await code(
        submitLead(leadDeps({ botCheck: fixedBotCheck('unavailable') }).deps, request(body)),
      ),
    ).toBe('OK');
    const tokenless = { ...body, botCheckToken: undefined };
    expect(
      await code(
        submitLead(leadDeps({ botCheck: fixedBotCheck('invalid') }).deps, request(tokenless)),
      ),
    ).toBe('OK');
  });

  it('limits each IP per form and frees the window after 60 s', async () => {
    const { deps, clock } = leadDeps();
    const enterprise = (n: number) => ({
      formSlug: 'enterprise-contact',
      values: { email: `a${n}@acme.example`, phone: '+1 415 555 0100' },
    });
    for (let i = 0; i < 5; i++)
      expect(await code(submitLead(deps, request(enterprise(i))))).toBe('OK');
    const refused = await submitLead(deps, request(enterprise(6))).catch(
      (e: unknown) => e as ApiError,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('RATE_LIMITED');
    expect((refused as ApiError).headers['Retry-After']).toBe('60');
    expect(await code(submitLead(deps, request(enterprise(7), '198.51.100.1')))).toBe('OK');
    expect(await code(submitLead(deps, request(newsletter())))).toBe('OK');
    clock.advance(59_999);
    expect(await code(submitLead(deps, request(enterprise(8))))).toBe('RATE_LIMITED');
    clock.advance(1);
    expect(await code(submitLead(deps, request(enterprise(9))))).toBe('OK');
  });
});
