// Mutation testing over the code where a mistake costs money or access (npm run mutation).
// Each module's files are mutated; the unit and contract suites must kill the mutants.
// The modules (name → files) live in bench/mutation-modules.json, read by npm run mutation too.
import modules from './bench/mutation-modules.json' with { type: 'json' };

const only = process.env.MUTATION_MODULES?.split(',').filter(Boolean);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // Only the tests that import a mutated file run (vitest's related mode), first and per mutant.
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  dryRunTimeoutMinutes: 30,
  mutate: Object.entries(modules)
    .filter(([name]) => !only || only.includes(name))
    .flatMap(([, files]) => files),
  coverageAnalysis: 'perTest',
  reporters: ['html', 'json', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  concurrency: 2,
  timeoutMS: 20_000,
  // Static mutants (the permission tables themselves) count: a developer given billing.manage
  // is exactly the mistake to catch. Related mode keeps their full reruns small.
  ignoreStatic: false,
};

export default config;
