import { describe, expect, it } from 'vitest';
import { cleanAttribution } from '@/lib/site/leads/clean-attribution';

describe('cleanAttribution', () => {
  it('keeps listed touch keys only and truncates every value', () => {
    const result = cleanAttribution(
      {
        first: { utm_source: 'x'.repeat(2000), evil: 'drop me', gclid: 'g' },
        last: { nothing: 'here' },
        pageUri: 'p'.repeat(3000),
        referrer: 'r'.repeat(3000),
        crmutk: 'c'.repeat(300),
      },
      { referer: 'https://ignored.example', crmutkCookie: 'ignored' },
    );
    expect(result.first).toEqual({ utm_source: 'x'.repeat(1024), gclid: 'g' });
    expect(result.last).toBeUndefined();
    expect(result.pageUri).toHaveLength(2048);
    expect(result.referrer).toHaveLength(2048);
    expect(result.crmutk).toHaveLength(256);
  });

  it('falls back to the Referer header and the crmutk cookie', () => {
    expect(
      cleanAttribution(undefined, { referer: 'https://site.example/demo', crmutkCookie: 'abc' }),
    ).toEqual({ pageUri: 'https://site.example/demo', crmutk: 'abc' });
  });
});
