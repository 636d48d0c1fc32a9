import { describe, expect, it } from 'vitest';
import { mergeTouch, parseAttributionCookie, touchFromUrl } from '@/lib/site/attribution';
import { displayedCount, modeledRate, nextFetchAt } from '@/lib/site/call-counter';
import { postLead } from '@/lib/site/post-lead';
import { readPostSubmit, safeRedirect, schedulerSrc } from '@/lib/site/post-submit';

const stats = {
  count: 1_300,
  asOf: '2026-06-15T12:05:00.000Z',
  previous: { count: 1_000, asOf: '2026-06-15T12:00:00.000Z' },
};
const at = (iso: string) => Date.parse(iso);

describe('call counter', () => {
  it('walks from previous.count to count over the bucket after asOf, at the anchors’ rate', () => {
    expect(modeledRate(stats)).toBe(300 / 300_000);
    expect(displayedCount(stats, at('2026-06-15T12:05:00Z'))).toBe(1_000);
    expect(displayedCount(stats, at('2026-06-15T12:06:00Z'))).toBe(1_060);
    expect(displayedCount(stats, at('2026-06-15T12:10:00Z'))).toBe(1_300);
    expect(displayedCount(stats, at('2026-06-15T13:00:00Z'))).toBe(1_300);
    expect(displayedCount(stats, at('2026-06-15T11:00:00Z'))).toBe(1_000);
    expect(nextFetchAt(stats)).toBe(at('2026-06-15T12:10:00Z'));
  });
});

describe('attribution', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it('reads UTM and click ids from a URL, and nothing from a URL without them', () => {
    const touch = touchFromUrl(
      new URL('https://x.example/forms/a?utm_source=news&gclid=g1&other=1'),
      'https://ref.example/',
      now,
    );
    expect(touch).toEqual({
      utm_source: 'news',
      gclid: 'g1',
      referrer: 'https://ref.example/',
      landing_path: '/forms/a',
      seen_at: '2026-06-15T12:00:00.000Z',
    });
    expect(touchFromUrl(new URL('https://x.example/?q=1'), '', now)).toBeNull();
  });

  it('keeps the first touch and replaces the last', () => {
    const a = { utm_source: 'a' };
    const b = { utm_source: 'b' };
    expect(mergeTouch({}, a)).toEqual({ first: a, last: a });
    expect(mergeTouch({ first: a, last: a }, b)).toEqual({ first: a, last: b });
    expect(mergeTouch({ first: a, last: a }, null)).toEqual({ first: a, last: a });
  });

  it('reads its cookie back and ignores a broken one', () => {
    const value = encodeURIComponent(JSON.stringify({ first: { utm_source: 'a' } }));
    expect(parseAttributionCookie(`x=1; vai_attribution=${value}`)).toEqual({
      first: { utm_source: 'a' },
    });
    expect(parseAttributionCookie('vai_attribution=%7Bnot-json')).toEqual({});
    expect(
      parseAttributionCookie('vai_attribution=' + encodeURIComponent('{"first":{"a":1}}')),
    ).toEqual({});
  });
});

describe('postLead', () => {
  const body = { formSlug: 'newsletter', values: { email: 'a@acme.example' } };
  const json = (status: number, value: unknown) =>
    new Response(JSON.stringify(value), {
      status,
      headers: { 'content-type': 'application/json' },
    });

  it('retries a lost answer and a 5xx with the same event_id, and stops at a 4xx', async () => {
    const sent: string[] = [];
    const replies = [
      () => Promise.reject(new TypeError('network')),
      () =>
        Promise.resolve(
          json(503, { ok: false, error: { code: 'FORM_LOOKUP_FAILED', message: 'x' } }),
        ),
      () => Promise.resolve(json(200, { ok: true, submissionId: 's1' })),
    ];
    const reply = await postLead(body, {
      fetch: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)).event_id as string);
        return replies[sent.length - 1]!();
      },
      wait: async () => undefined,
      newId: () => '0b7e6a43-4a3b-4c1e-9d2a-6f1f1c2a3b4c',
    });
    expect(reply).toEqual({ kind: 'ok', body: { ok: true, submissionId: 's1' } });
    expect(sent).toEqual(Array(3).fill('0b7e6a43-4a3b-4c1e-9d2a-6f1f1c2a3b4c'));

    let calls = 0;
    const failed = await postLead(body, {
      fetch: () => {
        calls += 1;
        return Promise.resolve(
          json(400, {
            ok: false,
            error: { code: 'INVALID_EMAIL', message: 'Bad email.', field: 'email' },
          }),
        );
      },
      wait: async () => undefined,
    });
    expect(calls).toBe(1);
    expect(failed).toEqual({
      kind: 'error',
      status: 400,
      code: 'INVALID_EMAIL',
      message: 'Bad email.',
      field: 'email',
    });
  });

  it('uses a fresh event_id per submission attempt', async () => {
    const ids: string[] = [];
    const fetch = (_url: unknown, init?: RequestInit) => {
      ids.push(JSON.parse(String(init?.body)).event_id as string);
      return Promise.resolve(json(200, { ok: true }));
    };
    await postLead(body, { fetch });
    await postLead(body, { fetch });
    expect(new Set(ids).size).toBe(2);
  });
});

describe('postSubmit', () => {
  it('applies the scheduler defaults and falls back to a thank-you', () => {
    expect(readPostSubmit({ kind: 'default-scheduler' })).toEqual({
      kind: 'default-scheduler',
      minHeight: 720,
      prefillFields: ['email', 'firstname', 'company'],
    });
    expect(readPostSubmit({ kind: 'nope' })).toEqual({
      kind: 'message',
      message: 'Thanks, we received your submission.',
    });
  });

  it('prefills the scheduler URL and refuses non-http targets', () => {
    expect(
      schedulerSrc('https://cal.example/a?x=1', ['email', 'company'], {
        email: 'a@b.example',
        company: '',
      }),
    ).toBe('https://cal.example/a?x=1&email=a%40b.example');
    expect(schedulerSrc('  ', ['email'], {})).toBeNull();
    expect(schedulerSrc('javascript:alert(1)', ['email'], {})).toBeNull();
    expect(safeRedirect('javascript:alert(1)')).toBeNull();
    expect(safeRedirect('https://example.com/x')).toBe('https://example.com/x');
  });
});
