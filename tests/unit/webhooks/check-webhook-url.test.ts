import { describe, expect, it } from 'vitest';
import { checkWebhookUrl } from '@/lib/adapters/webhooks/check-webhook-url';

/** A resolver that answers from a table and fails for names it does not know. */
const resolver =
  (table: Record<string, string[]>) =>
  async (host: string): Promise<string[]> => {
    const found = table[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found;
  };

const dns = resolver({
  'loopback.test': ['127.0.0.1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'mixed.test': ['93.184.215.14', '10.1.2.3'],
  'public.test': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
});

describe('checkWebhookUrl: refused targets', () => {
  it.each([
    ['http://127.0.0.1/', /loopback/],
    ['http://127.0.0.1:8080/hook', /loopback/],
    ['http://[::1]/', /loopback/],
    ['http://2130706433/', /notation/],
    ['http://0177.0.0.1/', /notation/],
    ['http://0x7f.1/', /notation/],
    ['http://127.1/', /notation/],
    ['http://169.254.169.254/latest/meta-data/', /linkLocal/],
    ['http://10.0.0.1/', /private/],
    ['http://172.16.5.4/', /private/],
    ['http://192.168.1.1/', /private/],
    ['http://224.0.0.1/', /multicast/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://[fd00::1]/', /uniqueLocal/],
    ['http://[::ffff:127.0.0.1]/', /./],
    ['file:///etc/passwd', /http or https/],
    ['ftp://x', /http or https/],
    ['javascript:alert(1)', /http or https/],
    ['not a url', /absolute/],
  ])('%s', async (url, reason) => {
    const verdict = await checkWebhookUrl(url, [], dns);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toMatch(reason);
  });

  it('refuses a name that resolves to loopback, metadata or any private address', async () => {
    for (const host of ['loopback.test', 'mapped.test', 'metadata.test', 'mixed.test']) {
      const verdict = await checkWebhookUrl(`https://${host}/hook`, [], dns);
      expect(verdict, host).toMatchObject({ ok: false });
      expect(!verdict.ok && verdict.reason).toContain(host);
    }
  });
});

describe('checkWebhookUrl: accepted targets', () => {
  it('accepts a public address written the ordinary way', async () => {
    await expect(checkWebhookUrl('https://93.184.215.14/hooks/call', [], dns)).resolves.toEqual({
      ok: true,
      url: 'https://93.184.215.14/hooks/call',
    });
    await expect(
      checkWebhookUrl('http://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/', [], dns),
    ).resolves.toMatchObject({ ok: true });
  });

  it('accepts a name that resolves only to public addresses', async () => {
    await expect(checkWebhookUrl('https://public.test/hook', [], dns)).resolves.toMatchObject({
      ok: true,
    });
  });

  it('accepts a name that does not resolve now (the sender checks again at delivery)', async () => {
    await expect(checkWebhookUrl('https://nowhere.test/hook', [], dns)).resolves.toMatchObject({
      ok: true,
    });
  });

  it('accepts loopback only when it is allow-listed, by address or by CIDR', async () => {
    await expect(checkWebhookUrl('http://127.0.0.1/', ['127.0.0.1'], dns)).resolves.toMatchObject({
      ok: true,
    });
    await expect(
      checkWebhookUrl('http://127.0.0.1:9000/x', ['127.0.0.0/8'], dns),
    ).resolves.toMatchObject({ ok: true });
    await expect(
      checkWebhookUrl('https://loopback.test/', ['127.0.0.0/8'], dns),
    ).resolves.toMatchObject({ ok: true });
    await expect(
      checkWebhookUrl('http://10.20.30.40/', ['10.0.0.0/8'], dns),
    ).resolves.toMatchObject({ ok: true });
    // The allow list opens what it names and nothing else.
    await expect(checkWebhookUrl('http://10.0.0.1/', ['127.0.0.1'], dns)).resolves.toMatchObject({
      ok: false,
    });
    await expect(
      checkWebhookUrl('http://192.168.1.1/', ['10.0.0.0/8'], dns),
    ).resolves.toMatchObject({ ok: false });
    // An odd notation stays refused even for an allow-listed address.
    await expect(checkWebhookUrl('http://2130706433/', ['127.0.0.1'], dns)).resolves.toMatchObject({
      ok: false,
    });
  });
});
