import { afterEach, describe, expect, it } from 'vitest';
import { getLeadDeps, pick, portsWithoutDb } from '@/lib/composition/root';
import { resetSingleton } from '@/lib/platform/runtime/singleton';

// The composition root hands each context the fields it names, built when first read: a read that
// needs one adapter must not build the others (a calls list must not start a speech engine).
const built = (name: string) =>
  (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(`voiceai.${name}`)] !== undefined;

const ADAPTERS = ['speech-engine', 'cms', 'crm', 'botcheck', 'webhooks', 'store', 'agent-brain'];

afterEach(() => {
  for (const name of ADAPTERS) resetSingleton(name);
});

describe('the composition root', () => {
  it('picks fields as getters: nothing is read until the context reads it', () => {
    const reads: string[] = [];
    const from = {
      get a() {
        reads.push('a');
        return 1;
      },
      get b() {
        reads.push('b');
        return 2;
      },
    };
    const picked = Object.assign(pick(from, { first: 'a', second: 'b' }), { extra: 3 });
    expect(reads).toEqual([]);
    expect(picked.second).toBe(2);
    expect(reads).toEqual(['b']);
    expect(Object.keys(picked).sort()).toEqual(['extra', 'first', 'second']);
  });

  it('builds an adapter on its first read, once', () => {
    for (const name of ADAPTERS) resetSingleton(name);
    const ports = portsWithoutDb();
    expect(ports.clock.now()).toBeGreaterThan(0);
    expect(ADAPTERS.filter(built)).toEqual([]);
    const speech = ports.speech;
    expect(built('speech-engine')).toBe(true);
    expect(portsWithoutDb().speech).toBe(speech);
  });

  it('hands the lead forms their adapters without building them', () => {
    for (const name of ADAPTERS) resetSingleton(name);
    const deps = getLeadDeps();
    expect(deps.privacyHashKey.length).toBeGreaterThan(0);
    expect(ADAPTERS.filter(built)).toEqual([]);
    expect(deps.cms).toBeDefined();
    expect(ADAPTERS.filter(built)).toEqual(['cms']);
  });
});
