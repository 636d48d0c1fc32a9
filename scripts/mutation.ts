// npm run mutation [-- module,module]: StrykerJS over the modules in bench/mutation-modules.json, then one
// line per module, `mutation score: NN.N % <module>`; the HTML report is in reports/mutation/.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import modules from '../bench/mutation-modules.json' with { type: 'json' };

type Status =
  | 'Killed'
  | 'Survived'
  | 'NoCoverage'
  | 'Timeout'
  | 'CompileError'
  | 'RuntimeError'
  | 'Ignored'
  | 'Pending';
interface Report {
  files: Record<string, { mutants: { status: Status }[] }>;
}

const chosen = process.argv[2];
const run = spawnSync('npx', ['stryker', 'run'], {
  stdio: 'inherit',
  env: { ...process.env, ...(chosen ? { MUTATION_MODULES: chosen } : {}) },
});
if (run.status !== 0) process.exit(run.status ?? 1);

const report = JSON.parse(readFileSync('reports/mutation/mutation.json', 'utf8')) as Report;
const moduleOf = (file: string) =>
  Object.entries(modules as Record<string, string[]>).find(([, globs]) =>
    globs.some((glob) => matchesGlob(file, glob)),
  )?.[0];

const tally = new Map<string, { detected: number; valid: number }>();
for (const [file, { mutants }] of Object.entries(report.files)) {
  const name = moduleOf(file);
  if (!name) continue;
  const counts = tally.get(name) ?? { detected: 0, valid: 0 };
  for (const { status } of mutants) {
    // Stryker's own score: killed and timed-out mutants over every mutant that ran or was not
    // covered; those that did not compile or were ignored do not count.
    if (status === 'Killed' || status === 'Timeout') counts.detected++;
    if (['Killed', 'Timeout', 'Survived', 'NoCoverage'].includes(status)) counts.valid++;
  }
  tally.set(name, counts);
}
for (const [name, { detected, valid }] of tally) {
  const score = valid === 0 ? 100 : (100 * detected) / valid;
  console.log(`mutation score: ${score.toFixed(1)} % ${name}`);
}
