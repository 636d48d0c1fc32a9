// npm run bench:calling-rules — what the calling rules cost per number, outside the database: the
// number's type and country (libphonenumber-js's max metadata, compiled once in
// lib/calls/rules/number-plans.ts), its time zones (the prefix mapping, cached per prefix as at
// the dial) and the hours window in each zone (Luxon). Issue 31's goal: at most 20 µs a number.
// The database part (one statement with the org's rules and the do-not-call lookup) is measured
// with POST /v1/calls by npm run bench:voice.
//
// Each line gives CPU time (user + system of this process, which waiting for a core on a shared
// machine does not inflate) and wall time per number.
import { checkWindow, classifyNumber, DEFAULT_HOURS, numberTimeZones } from '@/lib/calls/rules';

// San Francisco, New York (two), Vancouver, Calgary, Newfoundland (two zones), Chicago, and a
// toll-free number (every zone of the North American plan, Guam's and Pago Pago's included).
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
// 15:00 in New York: inside the window in every zone of the geographic numbers; a toll-free
// number is outside somewhere at any hour but 22:00–01:00 UTC, so its next opening is computed.
const now = Date.parse('2026-11-04T20:00:00Z');
// 03:00 in New York: outside for all, so the next opening is computed for each.
const night = Date.parse('2026-11-04T08:00:00Z');

// Numbers no call has dialled yet: the same prefixes (their zones cached, as in a batch), other
// last four digits, so nothing is answered from a per-number memory.
let serial = 0;
const fresh = (n: string) => {
  serial = (serial + 7_919) % 10_000;
  return n.slice(0, -4) + String(serial).padStart(4, '0');
};

// Warm: metadata compiled, each prefix's zones cached, JIT settled.
for (let i = 0; i < 5_000; i += 1) {
  const n = fresh(numbers[i % numbers.length]!);
  classifyNumber(n);
  checkWindow(await numberTimeZones(n), DEFAULT_HOURS, now);
}

const ROUNDS = 50_000;
const time = async (label: string, body: (n: string) => unknown) => {
  const cpuBefore = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i += 1) await body(numbers[i % numbers.length]!);
  const wall = Number(process.hrtime.bigint() - start) / 1_000 / ROUNDS;
  const used = process.cpuUsage(cpuBefore);
  const cpu = (used.user + used.system) / ROUNDS;
  console.log(
    `${label.padEnd(40)} ${cpu.toFixed(2).padStart(7)} µs CPU ${wall.toFixed(2).padStart(8)} µs wall`,
  );
  return cpu;
};

console.log('per number, the mix of the 8 numbers above:');
await time('type and country, a new number', (n) => classifyNumber(fresh(n)));
await time('time zones (cached prefix)', (n) => numberTimeZones(fresh(n)));
const zones = new Map(
  await Promise.all(numbers.map(async (n) => [n, await numberTimeZones(n)] as const)),
);
await time('hours window in every zone', (n) => checkWindow(zones.get(n)!, DEFAULT_HOURS, now));
await time('outside: the next opening too', (n) =>
  checkWindow(zones.get(n)!, DEFAULT_HOURS, night),
);
const total = await time('all of it, a new number', async (n) => {
  const number = fresh(n);
  classifyNumber(number);
  checkWindow(await numberTimeZones(number), DEFAULT_HOURS, now);
});
console.log(`goal ≤ 20 µs (CPU, all of it): ${total <= 20 ? 'met' : 'missed'}`);
