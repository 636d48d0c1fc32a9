import { format } from 'node:util';
import { expect } from 'vitest';

// Every test fails when it logs a console.error it did not declare (see tests/support/setup.ts):
// an error nobody expected is a defect, even when the assertions pass.

const forFile: RegExp[] = [];
let forTest: RegExp[] = [];
let unexpected: string[] = [];

/**
 * Declares console.error lines the code under test is meant to log (matched by any pattern):
 * inside a test, for that test; at a file's top level, for every test of the file.
 */
export function allowConsoleError(...patterns: RegExp[]): void {
  if (expect.getState().currentTestName === undefined) forFile.push(...patterns);
  else forTest.push(...patterns);
}

/** Wraps console.error once per test file: lines still print, unexpected ones are kept. */
export function guardConsoleError(): void {
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const line = format(...args);
    if (![...forFile, ...forTest].some((pattern) => pattern.test(line))) unexpected.push(line);
    original(...args);
  };
}

export function startTestConsole(): void {
  forTest = [];
  unexpected = [];
}

/** Throws (failing the test) when it logged a console.error it did not declare. */
export function checkTestConsole(): void {
  const lines = unexpected;
  unexpected = [];
  if (lines.length > 0) {
    throw new Error(
      `unexpected console.error (declare it with allowConsoleError):\n${lines
        .map((l) => `  ${l.split('\n')[0]!.slice(0, 300)}`)
        .join('\n')}`,
    );
  }
}
