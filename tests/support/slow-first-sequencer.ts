import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take minutes, started first: without vitest's cache of durations (a fresh CI
 * checkout) files run in order of size, and a four-minute file that starts last leaves the other
 * worker idle while it finishes (CI's API suite ended on three such files).
 */
const SLOW_FIRST = [
  'tests/api/fuzz.test.ts',
  'tests/api/scale-out-leads.test.ts',
  'tests/e2e/console-overview.test.ts',
  'tests/api/leads-resilience.test.ts',
  'tests/api/streaming-turns.test.ts',
  'tests/security/api/carrier-hold-cut.test.ts',
  'tests/api/twilio-calls.test.ts',
  'tests/api/call-restart.test.ts',
  'tests/api/contact.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = SLOW_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? SLOW_FIRST.length : index;
};

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep the base sequencer's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
