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

/** Money paid into an org's wallet through the admin API (a deposit, as a top-up would be). */
export async function depositUsd(base: string, orgId: string, amountUsd: number): Promise<void> {
  const response = await fetch(`${base}/internal/orgs/${orgId}/deposits`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount_usd: amountUsd }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
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
