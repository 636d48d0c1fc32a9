import { describe, expect, it } from 'vitest';
import { MAX_DNC_CSV_BYTES, parseDncCsv } from '@/lib/calls/rules';
import { DNC_MAX_NUMBERS } from '@/schemas/calling-rules';

const file = (text: string) => new TextEncoder().encode(text);

describe('a do-not-call CSV', () => {
  it('with a header naming `number`: reads its number and reason columns wherever they are', () => {
    const text = [
      'Reason,Created_at, Number ,source',
      'asked on the phone,2026-11-01,+14155550123,import',
      ",2026-11-02,'+14155550124,import",
      `${'x'.repeat(600)},2026-11-03,+14155550125,import`,
    ].join('\n');
    expect(parseDncCsv(file(text))).toEqual([
      { number: '+14155550123', reason: 'asked on the phone' },
      // The apostrophe our exports put before + (so spreadsheets do not read a formula) goes.
      { number: '+14155550124', reason: null },
      // A reason is kept to its first 500 characters.
      { number: '+14155550125', reason: 'x'.repeat(500) },
    ]);
  });

  it('reads short lines: a missing reason is none, a missing number is an empty one', () => {
    expect(parseDncCsv(file('number,reason\n+14155550123\n+14155550124,spam\n'))).toEqual([
      { number: '+14155550123', reason: null },
      { number: '+14155550124', reason: 'spam' },
    ]);
    expect(() => parseDncCsv(file('reason,number\nspam\n'))).toThrow(
      expect.objectContaining({
        code: 'CSV_ROWS_INVALID',
        problems: [{ line: 2, reason: expect.stringMatching(/^number is empty: /) }],
      }),
    );
  });

  it('drops only a leading apostrophe: one inside a number leaves it unreadable', () => {
    expect(() => parseDncCsv(file("+1415555'0123\n"))).toThrow(
      expect.objectContaining({
        problems: [{ line: 1, reason: expect.stringMatching(/^number "\+1415555'0123": /) }],
      }),
    );
  });

  it('with a header but no reason column: every reason is empty', () => {
    expect(parseDncCsv(file('number,name\n+14155550123,Ann\n'))).toEqual([
      { number: '+14155550123', reason: null },
    ]);
  });

  it('without a header: the first cell of every line is the number, the rest is not a reason', () => {
    expect(parseDncCsv(file('+14155550123,called twice\n  +14155550124  \n'))).toEqual([
      { number: '+14155550123', reason: null },
      { number: '+14155550124', reason: null },
    ]);
  });

  it('refuses the whole file, naming each bad line, when a number is empty or not E.164', () => {
    let thrown: unknown;
    try {
      parseDncCsv(file('number,reason\n+14155550123,ok\n,empty\n555-0100,local\n'));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      code: 'CSV_ROWS_INVALID',
      status: 422,
      field: 'file',
      message: '2 lines are not valid; nothing was changed. Fix them and import the file again.',
    });
    const problems = (thrown as { problems: { line: number; reason: string }[] }).problems;
    expect(problems.map((p) => p.line)).toEqual([3, 4]);
    expect(problems[0]!.reason).toMatch(/^number is empty: /);
    expect(problems[1]!.reason).toMatch(/^number "555-0100": /);
  });

  it('says "1 line is" for one bad line', () => {
    expect(() => parseDncCsv(file('+14155550123\nnot a number\n'))).toThrow(
      expect.objectContaining({
        message: '1 line is not valid; nothing was changed. Fix them and import the file again.',
      }),
    );
  });

  it('refuses a header with no numbers under it, and an empty file', () => {
    expect(() => parseDncCsv(file('number,reason\n'))).toThrow(
      expect.objectContaining({
        code: 'CSV_UNREADABLE',
        message: 'The file lists no numbers; nothing was changed.',
      }),
    );
    expect(() => parseDncCsv(file(''))).toThrow(
      expect.objectContaining({ code: 'CSV_UNREADABLE' }),
    );
    // Blank lines only: no records at all, not even a header.
    expect(() => parseDncCsv(file('\n\n'))).toThrow(
      expect.objectContaining({
        code: 'CSV_UNREADABLE',
        message: 'The file lists no numbers; nothing was changed.',
      }),
    );
  });

  it(`takes ${DNC_MAX_NUMBERS.toLocaleString('en-US')} numbers, and refuses one more`, () => {
    const lines = (count: number) =>
      [
        'number',
        ...Array.from(
          { length: count },
          (_, i) => `+1415555${String(i % 10_000).padStart(4, '0')}`,
        ),
      ]
        .join('\n')
        .concat('\n');
    expect(parseDncCsv(file(lines(DNC_MAX_NUMBERS)))).toHaveLength(DNC_MAX_NUMBERS);
    expect(() => parseDncCsv(file(lines(DNC_MAX_NUMBERS + 1)))).toThrow(
      expect.objectContaining({
        code: 'CSV_TOO_MANY_ROWS',
        field: 'file',
        message: `The file has 10,001 numbers; one import takes at most 10,000. Nothing was changed.`,
      }),
    );
  });

  it('refuses a file over 2 MB before reading it', () => {
    const big = new Uint8Array(MAX_DNC_CSV_BYTES + 1).fill(0x2b);
    expect(() => parseDncCsv(big)).toThrow(
      expect.objectContaining({
        code: 'PAYLOAD_TOO_LARGE',
        field: 'file',
        message: 'The file is larger than 2 MB; nothing was changed.',
        hint: 'Split it into files of at most 10,000 numbers.',
      }),
    );
    // Exactly 2 MB is read (and refused for what it holds, not for its size).
    expect(() => parseDncCsv(new Uint8Array(MAX_DNC_CSV_BYTES).fill(0x2b))).toThrow(
      expect.objectContaining({ code: 'CSV_ROWS_INVALID' }),
    );
  });
});
