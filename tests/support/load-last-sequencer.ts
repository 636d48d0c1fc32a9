import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The API suite's two load tests, run last and side by side: each sends ten thousand requests
 * and checks counts, not times, while the files that time answers (voice turns, call timing)
 * run before them beside the browser suite. Run first, they overlapped those files and the
 * browser suite, and two latency checks and the load test's own 300 s timeout failed. Run in
 * vitest's order (by size, on a fresh checkout without its cache of durations), one started
 * near the end and left the other worker idle for minutes. Fuzz first of the two: it is longer.
 */
const LOAD_LAST = ['tests/api/fuzz.test.ts', 'tests/api/scale-out-leads.test.ts'];

const rank = (spec: TestSpecification) =>
  LOAD_LAST.findIndex((file) => spec.moduleId.endsWith(file));

export class LoadLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep the base sequencer's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
