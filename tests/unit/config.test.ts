import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/platform/config/config';

describe('parseConfig', () => {
  it('needs nothing: every port has an embedded default', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOSTNAME).toBe('127.0.0.1');
    expect(config.DATA_DIR).toBe('.data');
    expect(config.CMS_DATASET).toBe('content/dataset.ndjson');
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.TRUST_PROXY).toBe(false);
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ REDIS_URL: '', ADMIN_TOKEN: '' }).REDIS_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ UPSTASH_REDIS_REST_URL: 'https://x.upstash.io' }, 'UPSTASH_REDIS_REST_TOKEN'],
    [{ SANITY_PROJECT_ID: 'abc' }, 'SANITY_DATASET'],
    [{ PUBLIC_SITE_URL: 'not a url' }, 'PUBLIC_SITE_URL'],
    [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ LEAD_WEBHOOK_SECRET: 'plain-secret' }, 'LEAD_WEBHOOK_SECRET'],
    [{ WEBHOOK_ALLOW_IPS: '10.0.0.0/8, intranet' }, 'WEBHOOK_ALLOW_IPS'],
  ])('names the bad variable in %j', (env, variable) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(`^\\s+${variable}:`, 'm'));
  });

  it('reads the webhook allow-list as IPs and CIDR ranges', () => {
    expect(parseConfig({}).WEBHOOK_ALLOW_IPS).toEqual([]);
    expect(parseConfig({ WEBHOOK_ALLOW_IPS: ' 10.0.0.0/8, ::1 ,' }).WEBHOOK_ALLOW_IPS).toEqual([
      '10.0.0.0/8',
      '::1',
    ]);
  });
});
