import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import base from './vitest.config';

// The suites mutation testing runs against each mutant: unit and contract (no built server).
// The API and browser suites catch more, but a build per mutant is out of reach.
// MUTATION_PROJECTS=unit gives a quick lower bound (more suites can only kill more mutants).
const kept = new Set((process.env.MUTATION_PROJECTS ?? 'unit,contract').split(','));

/**
 * Stryker stops a mutant's run at the first failing test, so the files likely to fail soonest go
 * first: one that failed the last run (it killed the mutant next door), then the quickest.
 */
class QuickestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const rank = (file: TestSpecification) => {
      const key = `${file.project.name}:${relative(config.root, file.moduleId)}`;
      const last = cache.getFileTestResults(key);
      return {
        failed: last?.failed ? 0 : 1,
        cost: last?.duration ?? cache.getFileStats(key)?.size ?? 0,
      };
    };
    return [...files]
      .map((file) => ({ file, rank: rank(file) }))
      .sort((a, b) => a.rank.failed - b.rank.failed || a.rank.cost - b.rank.cost)
      .map(({ file }) => file);
  }
}

// MUTATION_TESTS=file,file: only those test files (each in its own project) run against the
// mutants: a lower bound for the module (more tests can only kill more), for a module whose
// every covering suite is too slow to rerun per mutant on this machine.
const listed = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

function onlyListedTests<T>(project: T): T {
  if (!listed || typeof project !== 'object' || project === null || !('test' in project))
    return project;
  const test = project.test as { name?: string };
  const kind = test.name === 'unit' ? 'unit' : 'contract';
  const include = listed.filter(
    (file) => file.startsWith(`tests/${kind}/`) || file.startsWith(`tests/security/${kind}/`),
  );
  // A project with none of the listed files runs nothing (an empty include would mean the default).
  return { ...project, test: { ...test, include: include.length ? include : ['none'] } };
}

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // A contract suite opens its databases again for every mutant: Postgres only (a fresh
    // database there takes ~2 s, PGlite's initdb several). The contract run proves they agree.
    env: { ...base.test?.env, TEST_DATABASES: 'postgres' },
    // Stryker's runners share the machine with each other (and, here, with other work): a test
    // that takes 1 s alone can pass 5 s in the dry run (a PGlite suite's set-up 30 s), which
    // then stops the whole run.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    sequence: { ...base.test?.sequence, sequencer: QuickestFirst },
    projects: (base.test?.projects ?? [])
      .filter(
        (project) =>
          typeof project === 'object' && 'test' in project && kept.has(String(project.test?.name)),
      )
      .map((project) => onlyListedTests(project)),
  },
});
