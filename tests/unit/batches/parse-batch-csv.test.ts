import { describe, expect, it } from 'vitest';
import { parseBatchCsv } from '@/lib/calls/batches/parse-batch-csv';
import { ApiError } from '@/lib/platform/http';

const problemsOf = (csv: string, prompt: string) => {
  try {
    parseBatchCsv(Buffer.from(csv), prompt);
  } catch (error) {
    if (error instanceof ApiError) return error.problems;
    throw error;
  }
  return undefined;
};

describe('parseBatchCsv', () => {
  it('keeps quoted commas and line breaks inside a cell, and fills {{ spaced }} placeholders', () => {
    const rows = parseBatchCsv(
      Buffer.from('phone_number,note\r\n" +1 415 555 0123 ","Dear Ada,\nsee you"\r\n'),
      'Read {{ note }} aloud.',
    );
    expect(rows).toEqual([{ phone_number: '+1 415 555 0123', note: 'Dear Ada,\nsee you' }]);
  });

  it('numbers a bad row by the line where it ends, counting blank lines', () => {
    expect(
      problemsOf('phone_number,note\n\n+14155550123,"two\nlines"\nnope,x\n', '{{note}}'),
    ).toEqual([
      {
        line: 5,
        reason: 'phone_number "nope": must be an E.164 number with country code, e.g. +14155550123',
      },
    ]);
  });

  it('refuses a header that names a column twice', () => {
    expect(() => parseBatchCsv(Buffer.from('phone_number,a,a\n+14155550123,1,2\n'), 'x')).toThrow(
      'The header names the column "a" twice',
    );
  });
});
