import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/platform/http';
import { renderError } from '@/lib/platform/http/render-error';
import { DependencyUnavailable } from '@/lib/platform/runtime/dependency-unavailable';

const request = new Request('http://127.0.0.1:4000/v2/tts');
/** Renders `thrown` and returns what was logged for the operators beside the response. */
const render = (thrown: unknown) => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const response = renderError(thrown, { api: 'voice', request, requestId: 'r' });
  const lines = logged.mock.calls.slice();
  logged.mockRestore();
  return Object.assign(response, { logged: lines });
};

/** What drizzle throws around a node-postgres failure: the driver's error in `cause`. */
function drizzleWrapped(cause: unknown): Error {
  return new Error('Failed query: select 1', { cause });
}

describe('outages become 503 SERVICE_UNAVAILABLE with Retry-After', () => {
  const outages: [string, unknown][] = [
    ['a store adapter’s DependencyUnavailable', new DependencyUnavailable('store', new Error('x'))],
    [
      'Postgres refusing connections',
      drizzleWrapped(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ],
    [
      'Postgres shutting down (57P01)',
      drizzleWrapped(Object.assign(new Error('terminating connection'), { code: '57P01' })),
    ],
    ['a dropped connection', drizzleWrapped(new Error('Connection terminated unexpectedly'))],
    [
      'a transaction Postgres rolled back to break a deadlock (40P01)',
      drizzleWrapped(Object.assign(new Error('deadlock detected'), { code: '40P01' })),
    ],
    [
      'a serialization failure (40001)',
      drizzleWrapped(Object.assign(new Error('could not serialize access'), { code: '40001' })),
    ],
    [
      'an outage the engine wrapped',
      new Error('synthesis failed', { cause: new DependencyUnavailable('store', null) }),
    ],
  ];
  it.each(outages)('%s', async (_name, thrown) => {
    const response = render(thrown);
    expect(response.status).toBe(503);
    // The body says nothing of the cause; the log keeps it for the operators.
    expect(response.logged).toEqual([['[r] SERVICE_UNAVAILABLE:', expect.anything()]]);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await response.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
  });

  it('other failures stay what they were', async () => {
    const boom = new Error('boom');
    const response = render(boom);
    expect(response.status).toBe(500);
    expect(response.logged).toEqual([['[r] INTERNAL_ERROR:', boom]]);
    expect(render(drizzleWrapped(Object.assign(new Error('dup'), { code: '23505' }))).status).toBe(
      500,
    );
    // A service that already decided (the marketing spec's SUBMISSION_STORE_FAILED) keeps its code.
    const decided = new ApiError('SUBMISSION_STORE_FAILED', {
      cause: new DependencyUnavailable('store', null),
    });
    expect(render(decided).status).toBe(500);
  });
});

describe("the database's refusal to leave an organization without an owner", () => {
  it('becomes 409 LAST_OWNER, whichever path tried it, and is not logged as a fault', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    spy.mockClear();
    const response = renderError(
      drizzleWrapped(Object.assign(new Error('would be left without an owner'), { code: 'VA001' })),
      { api: 'voice', request, requestId: 'r' },
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { code: 'LAST_OWNER' } });
    expect(spy).not.toHaveBeenCalled();
  });
});
