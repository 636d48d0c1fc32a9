// A JSON body must be UTF-8 (RFC 8259): bytes that are not were decoded into U+FFFD and stored
// as if the client had sent them (the outside fuzzer's invalid UTF-8 became a queued call).
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/platform/errors/api-error';
import { readJson } from '@/lib/platform/http/read-json';

const post = (body: Uint8Array<ArrayBuffer> | string) =>
  new Request('http://localhost/v1/calls', { method: 'POST', body });

describe('readJson', () => {
  it('reads UTF-8 JSON, astral characters included', async () => {
    await expect(readJson(post('{"task":"héllo 😀"}'), 'INVALID_BODY')).resolves.toEqual({
      task: 'héllo 😀',
    });
  });

  it.each([
    ['a lone 0xff', [0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]],
    [
      'an encoded surrogate (CESU-8)',
      [0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d],
    ],
    ['a truncated sequence', [0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xe2, 0x82, 0x22, 0x7d]],
    ['an overlong slash', [0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]],
  ])('refuses %s with the route’s code, naming UTF-8', async (_what, bytes) => {
    const refused = await readJson(post(new Uint8Array(bytes)), 'INVALID_BODY').catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'INVALID_BODY', status: 400 });
    expect((refused as ApiError).message).toMatch(/UTF-8/);
  });
});
