import { expect } from 'vitest';
import { ApiErrorEnvelope } from '@/schemas/error';

// Requests to a running server and checks of what it answers, for every API suite.

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export function postJson(
  base: string,
  path: string,
  body: unknown,
  options: { ip?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(base + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      ...options.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function admin(base: string, path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(base + path, {
    ...init,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  expect(response.status).toBe(200);
  return response.json();
}

export async function expectError(response: Response, status: number, code: string, strict = true) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  const envelope = (strict ? ApiErrorEnvelope.strict() : ApiErrorEnvelope).parse(body);
  expect(envelope.error.code).toBe(code);
  expect(envelope.error.status).toBe(status);
  return { envelope, body };
}
