import metadata from 'libphonenumber-js/metadata.max.json';
import examples from 'libphonenumber-js/examples.mobile.json';
import {
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { classifyInPlan } from '@/lib/calls/rules/number-plans';

// The compiled plans must give every number the country and type libphonenumber-js gives it:
// the calling rules refuse by that type. Numbers are drawn (seeded, so a failure repeats) in
// every calling code, at every length a plan uses, and densely in North America, where most calls go.

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const random = seeded(31);
const digits = (n: number) =>
  Array.from({ length: n }, () => String(Math.floor(random() * 10))).join('');

const library = (e164: string) => {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed
    ? {
        callingCode: parsed.countryCallingCode,
        country: parsed.country,
        type: parsed.getType(),
      }
    : undefined;
};

function expectSameAsLibrary(numbers: string[]) {
  let answered = 0;
  const differing: string[] = [];
  for (const e164 of numbers) {
    const fast = classifyInPlan(e164);
    if (fast === undefined) continue;
    answered += 1;
    const mine = JSON.stringify(fast);
    const theirs = JSON.stringify(library(e164));
    if (mine !== theirs) differing.push(`${e164}: ${mine} against the library's ${theirs}`);
  }
  expect(differing).toEqual([]);
  return answered;
}

/**
 * A random string matching a metadata pattern (they use only digits, \\d, classes, non-capturing
 * groups, alternation, `?` and `{n}`/`{n,m}`): numbers of every type of every country.
 */
function sample(pattern: string): string {
  let at = 0;
  const alternatives = (): string => {
    const branches = [sequence()];
    while (pattern[at] === '|') {
      at += 1;
      branches.push(sequence());
    }
    return branches[Math.floor(random() * branches.length)]!;
  };
  const atom = (): string[] => {
    const c = pattern[at]!;
    if (c === '(') {
      at += 3; // "(?:"
      const inner = alternatives();
      at += 1; // ")"
      return [inner];
    }
    if (c === '\\') {
      at += 2;
      return [...'0123456789'];
    }
    if (c === '[') {
      const chars: string[] = [];
      at += 1;
      while (pattern[at] !== ']') {
        const from = pattern[at]!;
        if (pattern[at + 1] === '-' && pattern[at + 2] !== ']') {
          for (let d = Number(from); d <= Number(pattern[at + 2]); d += 1) chars.push(String(d));
          at += 3;
        } else {
          chars.push(from);
          at += 1;
        }
      }
      at += 1;
      return chars;
    }
    at += 1;
    return [c];
  };
  function sequence(): string {
    let out = '';
    while (at < pattern.length && pattern[at] !== '|' && pattern[at] !== ')') {
      const start = at;
      const choices = atom();
      const again = () => {
        at = start;
        return atom();
      };
      let min = 1;
      let max = 1;
      if (pattern[at] === '?') {
        min = 0;
        at += 1;
      } else if (pattern[at] === '{') {
        const close = pattern.indexOf('}', at);
        const [lo, hi] = pattern.slice(at + 1, close).split(',');
        min = Number(lo);
        max = hi === undefined ? min : Number(hi);
        at = close + 1;
      }
      const end = at;
      const times = min + Math.floor(random() * (max - min + 1));
      for (let i = 0; i < times; i += 1) {
        // A group is drawn afresh each time it repeats.
        const pick = i === 0 ? choices : again();
        out += pick[Math.floor(random() * pick.length)]!;
      }
      at = end;
    }
    return out;
  }
  return alternatives();
}

describe('classifyInPlan', () => {
  it('answers as libphonenumber-js in every calling code, at every length', () => {
    const numbers: string[] = [];
    for (const code of Object.keys(metadata.country_calling_codes)) {
      for (let length = 4; length <= 13; length += 1) {
        for (let i = 0; i < 12; i += 1) numbers.push(`+${code}${digits(length)}`);
      }
    }
    const answered = expectSameAsLibrary(numbers);
    // Most numbers are answered here, not handed back to the library.
    expect(answered).toBeGreaterThan(numbers.length * 0.5);
  }, 30_000);

  it('answers numbers of every type of every country as libphonenumber-js', () => {
    const numbers: string[] = [];
    for (const [country, plan] of Object.entries(metadata.countries)) {
      const code = plan[0] as string;
      const types = (plan[11] ?? []) as unknown[];
      for (const type of types) {
        const pattern = Array.isArray(type) ? (type[0] as string) : '';
        if (!pattern) continue;
        for (let i = 0; i < 8; i += 1) numbers.push(`+${code}${sample(pattern)}`);
      }
      void country;
    }
    expect(numbers.length).toBeGreaterThan(5_000);
    expect(expectSameAsLibrary(numbers)).toBeGreaterThan(numbers.length * 0.8);
  }, 30_000);

  it('answers every North American area code as libphonenumber-js, the Caribbean included', () => {
    const numbers: string[] = [];
    for (let area = 200; area <= 999; area += 1) {
      for (let i = 0; i < 6; i += 1) numbers.push(`+1${area}${digits(7)}`);
      numbers.push(`+1${area}5550${digits(3)}`);
    }
    expect(expectSameAsLibrary(numbers)).toBe(numbers.length);
  }, 30_000);

  it('answers the library’s example numbers of every country as the library', () => {
    const numbers = Object.entries(examples).map(
      ([country, national]) => `+${getCountryCallingCode(country as CountryCode)}${national}`,
    );
    expect(numbers.length).toBeGreaterThan(200);
    expect(expectSameAsLibrary(numbers)).toBeGreaterThan(numbers.length * 0.9);
  });

  it('hands back what it cannot tell without the library', () => {
    // Non-geographic (+881), a national prefix in the number (+7 8…), too short, not E.164.
    for (const e164 of ['+881612345678', '+78123456789', '+12', '+1 415 555 0123', '14155550123']) {
      expect(classifyInPlan(e164)).toBeUndefined();
    }
  });
});
