// The score lines `npm run mutation` and `npm run mutation:recheck` print, from Stryker's JSON
// report: one per module of bench/mutation-modules.json.
import { matchesGlob } from 'node:path';
import modules from '../bench/mutation-modules.json' with { type: 'json' };

export type MutantStatus =
  | 'Killed'
  | 'Survived'
  | 'NoCoverage'
  | 'Timeout'
  | 'CompileError'
  | 'RuntimeError'
  | 'Ignored'
  | 'Pending';

export interface ReportMutant {
  id: string;
  status: MutantStatus;
  statusReason?: string;
  mutatorName: string;
  replacement: string;
  coveredBy?: string[];
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

export interface MutationReport {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
  testFiles?: Record<string, { tests: { id: string; name: string }[] }>;
}

const moduleOf = (file: string) =>
  Object.entries(modules as Record<string, string[]>).find(([, globs]) =>
    globs.some((glob) => matchesGlob(file, glob)),
  )?.[0];

/** `mutation score: NN.N % <module>` for each module the report has files of. */
export function scoreLines(report: MutationReport): string[] {
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
  return [...tally].map(([name, { detected, valid }]) => {
    const score = valid === 0 ? 100 : (100 * detected) / valid;
    return `mutation score: ${score.toFixed(1)} % ${name}`;
  });
}
