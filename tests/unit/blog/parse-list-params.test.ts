import { describe, expect, it } from 'vitest';
import { parseListParams } from '@/lib/site/blog/parse-list-params';

describe('parseListParams', () => {
  it.each([
    ['', 1, 50],
    ['page=0', 1, 50],
    ['page=-3', 1, 50],
    ['page=abc', 1, 50],
    ['page=2.5', 1, 50],
    ['page=3', 3, 50],
    ['limit=0', 1, 1],
    ['limit=-5', 1, 1],
    ['limit=101', 1, 100],
    ['limit=1000', 1, 100],
    ['limit=abc', 1, 50],
    ['limit=7.9', 1, 50],
    ['limit=7', 1, 7],
    ['page=99999999999999999999&limit=100', 2_147_483_647, 100],
    ['page=&limit=', 1, 50],
  ])('%s → page %i, limit %i', (query, page, limit) => {
    expect(parseListParams(new URLSearchParams(query))).toEqual({ page, limit });
  });
});
