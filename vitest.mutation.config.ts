import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// The suites mutation testing runs against each mutant: unit and contract (no built server).
// The API and browser suites catch more, but a build per mutant is out of reach.
const kept = new Set(['unit', 'contract']);

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // A contract suite opens its databases again for every mutant: Postgres only (a fresh
    // database there takes ~2 s, PGlite's initdb several). The contract run proves they agree.
    env: { ...base.test?.env, TEST_DATABASES: 'postgres' },
    projects: (base.test?.projects ?? [])
      .filter(
        (project) =>
          typeof project === 'object' && 'test' in project && kept.has(String(project.test?.name)),
      )
      .map((project) => {
        if (typeof project !== 'object' || !('test' in project)) return project;
        const contract = project.test?.name === 'contract';
        return {
          ...project,
          test: {
            ...project.test,
            // Unit tests first: Stryker stops at the first failure, so a mutant a unit test
            // kills never waits for a database.
            sequence: { groupOrder: contract ? 1 : 0 },
          },
        };
      }),
  },
});
