import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// The suites mutation testing runs against each mutant: unit and contract (no built server).
// The API and browser suites catch more, but a build per mutant is out of reach.
const kept = new Set(['unit', 'contract']);

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: (base.test?.projects ?? []).filter(
      (project) =>
        typeof project === 'object' && 'test' in project && kept.has(String(project.test?.name)),
    ),
  },
});
