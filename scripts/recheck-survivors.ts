// npm run mutation:recheck — a second opinion on the survivors of the last `npm run mutation`.
// Stryker 9.6's vitest runner can record a mutant as Survived although the tests it names as
// covering it fail against it (stryker-js#6192 and #6073: a filtered per-test run that ran none of
// its tests, or lost their failures). Here each survivor is applied to its file by hand, the test
// files that cover it run under plain vitest (vitest.mutation.config.ts: unit and contract, Postgres
// only), and the file is restored. A mutant a test fails against is marked Killed (statusReason
// says how), the report is written back, and the scores are printed again.
// Changes source files while it runs: run it on a checkout nothing else is building or testing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scoreLines, type MutationReport, type ReportMutant } from './mutation-scores';

const REPORT = 'reports/mutation/mutation.json';
const report = JSON.parse(readFileSync(REPORT, 'utf8')) as MutationReport;

const fileOfTest = new Map<string, string>();
for (const [file, { tests }] of Object.entries(report.testFiles ?? {}))
  for (const test of tests) fileOfTest.set(test.id, file);

/** The source with the mutant's range (1-based lines and columns, end exclusive) replaced. */
function applied(source: string, mutant: ReportMutant): string {
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') lineStarts.push(i + 1);
  const offset = ({ line, column }: { line: number; column: number }) =>
    lineStarts[line - 1]! + column - 1;
  return (
    source.slice(0, offset(mutant.location.start)) +
    mutant.replacement +
    source.slice(offset(mutant.location.end))
  );
}

const scratch = mkdtempSync(join(tmpdir(), 'recheck-'));
let restore: (() => void) | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    restore?.();
    process.exit(1);
  });
}

/** Whether a test in `testFiles` fails with `mutant` applied to `file`. */
function killedBy(
  file: string,
  source: string,
  mutant: ReportMutant,
  testFiles: string[],
): boolean {
  const results = join(scratch, `${mutant.id}.json`);
  restore = () => writeFileSync(file, source);
  writeFileSync(file, applied(source, mutant));
  try {
    spawnSync(
      'npx',
      [
        'vitest',
        'run',
        '--config',
        'vitest.mutation.config.ts',
        '--reporter=json',
        `--outputFile=${results}`,
        ...testFiles,
      ],
      { stdio: 'ignore', env: process.env },
    );
  } finally {
    restore();
    restore = undefined;
  }
  try {
    const outcome = JSON.parse(readFileSync(results, 'utf8')) as { numFailedTests: number };
    return outcome.numFailedTests > 0;
  } catch {
    // No report: vitest itself did not run (a mutant that breaks loading is Stryker's to judge).
    return false;
  }
}

let rechecked = 0;
let killed = 0;
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  // The file changed since the run: its mutants no longer apply (and restoring would undo it).
  if (readFileSync(file, 'utf8') !== source) {
    console.log(`skipped  ${file}: changed since the run`);
    continue;
  }
  for (const mutant of mutants) {
    if (mutant.status !== 'Survived') continue;
    const testFiles = [
      ...new Set((mutant.coveredBy ?? []).map((id) => fileOfTest.get(id)).filter(Boolean)),
    ] as string[];
    if (testFiles.length === 0) continue;
    rechecked++;
    if (killedBy(file, source, mutant, testFiles)) {
      killed++;
      mutant.status = 'Killed';
      mutant.statusReason = `rechecked under plain vitest: a test in ${testFiles.join(', ')} fails`;
    }
    console.log(
      `${mutant.status === 'Killed' ? 'killed  ' : 'survived'} ${file}:${mutant.location.start.line} ${mutant.mutatorName}`,
    );
  }
}
rmSync(scratch, { recursive: true, force: true });
writeFileSync(REPORT, JSON.stringify(report));
console.log(
  `${rechecked} survivors rechecked, ${killed} killed by their own tests under plain vitest`,
);
for (const line of scoreLines(report)) console.log(line);
