import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/platform/http';
import { renderError } from '@/lib/platform/http/render-error';
import { resetSingleton } from '@/lib/platform/runtime/singleton';
import { ApiErrorEnvelope } from '@/schemas/error';

// The docs URL is the configured origin's: the request's Host (anyone's to write) plays no part.
const request = new Request('http://127.0.0.1:4000/api/leads', {
  headers: { host: 'evil.example:4000' },
});
beforeAll(() => {
  vi.stubEnv('PUBLIC_SITE_URL', 'https://www.example.test');
  vi.stubEnv('PUBLIC_API_URL', 'https://api.example.test/');
  resetSingleton('config');
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetSingleton('config');
});

describe('renderError', () => {
  it('renders an ApiError as the spec envelope with an absolute docs URL', async () => {
    const response = renderError(new ApiError('BLOG_POST_NOT_FOUND', { field: 'slug' }), {
      api: 'marketing',
      request,
      requestId: 'r1',
    });
    expect(response.status).toBe(404);
    const body = ApiErrorEnvelope.strict().parse(await response.json());
    expect(body.error).toEqual({
      code: 'BLOG_POST_NOT_FOUND',
      message: expect.any(String),
      hint: expect.any(String),
      status: 404,
      docs: 'https://www.example.test/openapi.json',
      field: 'slug',
    });
  });

  it('points voice API errors at the voice document', async () => {
    const response = renderError(new ApiError('NOT_FOUND'), {
      api: 'voice',
      request,
      requestId: 'r',
    });
    const body = (await response.json()) as { error: { docs: string; field?: string } };
    expect(body.error.docs).toBe('https://api.example.test/v1/openapi.json');
    expect('field' in body.error).toBe(false);
  });

  it('lists the bad lines of an upload beside the error, whose own keys stay fixed', async () => {
    const problems = [{ line: 3, reason: 'phone_number is empty' }];
    const response = renderError(new ApiError('CSV_ROWS_INVALID', { field: 'file', problems }), {
      api: 'voice',
      request,
      requestId: 'r',
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.problems).toEqual(problems);
    expect(ApiErrorEnvelope.parse(body).error.code).toBe('CSV_ROWS_INVALID');
  });

  it('turns an unknown error into a generic 500 that leaks nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = renderError(new TypeError('secret table users_v2 is gone'), {
      api: 'marketing',
      request,
      requestId: 'req-42',
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('users_v2');
    expect(text).not.toContain('TypeError');
    expect(JSON.parse(text)).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL_ERROR', status: 500 },
    });
    expect(log.mock.calls[0]?.[0]).toContain('req-42');
    log.mockRestore();
  });

  it('adds legacy top-level keys without touching ok and error', async () => {
    const response = renderError(new ApiError('MISSING_REQUIRED_FIELDS'), {
      api: 'marketing',
      request,
      requestId: 'r',
      legacy: (error) => ({ success: false, message: error.message, ok: 'overridden?' }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.success).toBe(false);
    expect(body.ok).toBe(false);
    expect(body.message).toBe((body.error as { message: string }).message);
  });

  it('carries the error headers', () => {
    const response = renderError(
      new ApiError('RATE_LIMITED', { headers: { 'Retry-After': '7' } }),
      {
        api: 'marketing',
        request,
        requestId: 'r',
      },
    );
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.get('x-request-id')).toBe('r');
  });
});
