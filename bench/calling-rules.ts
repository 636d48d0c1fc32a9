// npm run bench:calling-rules — what the calling rules cost per number, outside the database: the
// number's type and country (libphonenumber-js, full metadata), its time zones (the prefix
// mapping, cached per prefix as at the dial) and the hours window in each zone (Luxon). Issue
// 31's goal: at most 20 µs a number. The database part (one statement with the org's rules and
// the do-not-call lookup) is measured with POST /v1/calls by npm run bench.
import { checkWindow, classifyNumber, DEFAULT_HOURS, numberTimeZones } from '@/lib/calls/rules';

const numbers = [
  '+14155550123',
  '+12125550199',
  '+17185550124',
  '+16045550123',
  '+14035550100',
  '+17095550100',
  '+13125550111',
  '+18005550100',
];
// 15:00 in New York: inside the window in every zone of these numbers (toll-free's included).
const now = Date.parse('2026-11-04T20:00:00Z');
// 03:00 in New York: outside, so the next opening is computed too.
const night = Date.parse('2026-11-04T08:00:00Z');
// Warm: metadata loaded, each prefix's zones cached, JIT settled.
for (let i = 0; i < 2_000; i += 1) {
  const n = numbers[i % numbers.length]!;
  classifyNumber(n);
  checkWindow(await numberTimeZones(n), DEFAULT_HOURS, now);
}

const ROUNDS = 20_000;
const time = async (label: string, body: (n: string) => unknown) => {
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i += 1) await body(numbers[i % numbers.length]!);
  const us = Number(process.hrtime.bigint() - start) / 1_000 / ROUNDS;
  console.log(`${label.padEnd(34)} ${us.toFixed(2).padStart(7)} µs a number`);
  return us;
};

await time('type and country', (n) => classifyNumber(n));
await time('time zones (cached prefix)', (n) => numberTimeZones(n));
const zones = new Map(
  await Promise.all(numbers.map(async (n) => [n, await numberTimeZones(n)] as const)),
);
await time('hours window in every zone', (n) => checkWindow(zones.get(n)!, DEFAULT_HOURS, now));
await time('outside: the next opening too', (n) =>
  checkWindow(zones.get(n)!, DEFAULT_HOURS, night),
);
const total = await time('all of it', async (n) => {
  classifyNumber(n);
  checkWindow(await numberTimeZones(n), DEFAULT_HOURS, now);
});
console.log(`goal ≤ 20 µs: ${total <= 20 ? 'met' : 'missed'}`);
