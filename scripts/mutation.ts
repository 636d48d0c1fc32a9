// npm run mutation [-- module,module]: StrykerJS over the modules in bench/mutation-modules.json, then one
// line per module, `mutation score: NN.N % <module>`; the HTML report is in reports/mutation/.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { scoreLines, type MutationReport } from './mutation-scores';

const chosen = process.argv[2];
const run = spawnSync('npx', ['stryker', 'run'], {
  stdio: 'inherit',
  env: { ...process.env, ...(chosen ? { MUTATION_MODULES: chosen } : {}) },
});
if (run.status !== 0) process.exit(run.status ?? 1);

const report = JSON.parse(readFileSync('reports/mutation/mutation.json', 'utf8')) as MutationReport;
for (const line of scoreLines(report)) console.log(line);
