import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownOriginOf, publicOrigin } from '@/lib/platform/http/public-origin';
import { originsOfBind, setListening } from '@/lib/platform/runtime/listening-origin';
import { resetSingleton } from '@/lib/platform/runtime/singleton';

// Which host a request was addressed to decides nothing we write: links come from configuration or
// the listening origin, and a request to a host that is not ours is refused (ownOriginOf → null).

function configure(env: Record<string, string>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  resetSingleton('config');
  resetSingleton('listening-origins');
}
afterEach(() => {
  vi.unstubAllEnvs();
  resetSingleton('config');
  resetSingleton('listening-origins');
});
const asked = (headers: Record<string, string>) => ownOriginOf(new Headers(headers));

describe('publicOrigin', () => {
  it('is where the server listens when nothing is configured, whatever the request said', () => {
    configure({ HOSTNAME: '127.0.0.1', PORT: '3000' });
    expect(publicOrigin('marketing')).toBe('http://127.0.0.1:3000');
    setListening('127.0.0.1', 41_234);
    expect(publicOrigin('marketing')).toBe('http://127.0.0.1:41234');
    expect(publicOrigin('voice')).toBe('http://127.0.0.1:41234');
  });

  it('is PUBLIC_SITE_URL / PUBLIC_API_URL when set', () => {
    configure({ PUBLIC_SITE_URL: 'https://www.example.test/' });
    expect(publicOrigin('marketing')).toBe('https://www.example.test');
    expect(publicOrigin('voice')).toBe('https://www.example.test');
    configure({
      PUBLIC_SITE_URL: 'https://www.example.test',
      PUBLIC_API_URL: 'https://api.example.test',
    });
    expect(publicOrigin('voice')).toBe('https://api.example.test');
  });
});

describe('ownOriginOf', () => {
  it('refuses a forged Host, and takes no X-Forwarded-* without TRUST_PROXY', () => {
    configure({ HOSTNAME: '127.0.0.1', PORT: '3000' });
    expect(asked({ host: 'evil.example' })).toBeNull();
    expect(asked({ host: '127.0.0.1:3001' })).toBeNull();
    expect(asked({ host: '127.0.0.1:3000@evil.example' })).toBeNull();
    expect(asked({ host: '127.0.0.1:3000/x' })).toBeNull();
    expect(asked({ host: '127.0.0.1:99999' })).toBeNull();
    expect(asked({})).toBeNull();
    expect(asked({ host: 'evil.example', 'x-forwarded-host': '127.0.0.1:3000' })).toBeNull();
    expect(asked({ host: '127.0.0.1:3000', 'x-forwarded-proto': 'https' })).toBe(
      'http://127.0.0.1:3000',
    );
  });

  it('knows every loopback name of a loopback bind, at its port', () => {
    configure({ HOSTNAME: '127.0.0.1', PORT: '3000' });
    expect(asked({ host: '127.0.0.1:3000' })).toBe('http://127.0.0.1:3000');
    expect(asked({ host: 'LOCALHOST:3000' })).toBe('http://localhost:3000');
    expect(asked({ host: '[::1]:3000' })).toBe('http://[::1]:3000');
  });

  it('knows the configured hosts, with their own scheme', () => {
    configure({ PUBLIC_SITE_URL: 'https://www.example.test', TRUST_PROXY: 'false' });
    expect(asked({ host: 'www.example.test' })).toBe('https://www.example.test');
    expect(asked({ host: 'www.example.test:443' })).toBe('https://www.example.test');
    expect(asked({ host: 'www.example.test:80' })).toBeNull();
    expect(asked({ host: 'api.example.test' })).toBeNull();
  });

  it('reads X-Forwarded-Host behind a trusted proxy, still only for our hosts', () => {
    configure({ PUBLIC_SITE_URL: 'https://www.example.test', TRUST_PROXY: 'true' });
    expect(asked({ host: '10.0.0.5:3000', 'x-forwarded-host': 'www.example.test' })).toBe(
      'https://www.example.test',
    );
    expect(asked({ host: 'www.example.test', 'x-forwarded-host': 'evil.example' })).toBeNull();
  });
});

describe('originsOfBind', () => {
  it('prints the bound host first; a wildcard bind is reached on loopback and each interface', () => {
    expect(originsOfBind('10.1.2.3', 80)).toEqual(['http://10.1.2.3']);
    expect(originsOfBind('0.0.0.0', 8080, () => ['10.1.2.3', 'fe80::1'])).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'http://[::1]:8080',
      'http://10.1.2.3:8080',
      'http://[fe80::1]:8080',
    ]);
  });
});
