import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { analysisFieldsOf, callsCsv } from '@/lib/console/calls-csv';

type Item = Parameters<typeof callsCsv>[0][number];
const call = (fields: Partial<Item>): Item => ({
  call_id: '00000000-0000-4000-8000-000000000001',
  created_at: '2026-03-02T10:00:00.000Z',
  to: '+14155550123',
  from: '+15005550006',
  status: 'completed',
  price: 0.09,
  metadata: { crm_id: 42 },
  ...fields,
});

describe('the calls CSV export', () => {
  it('neutralises cells a spreadsheet would run as formulas and keeps the rest as written', () => {
    const text = callsCsv(
      [
        call({ summary: '=HYPERLINK("https://evil.example","click")', error_message: '@SUM(A1)' }),
        call({ summary: '-2+3', error_message: 'Busy, then "no answer"' }),
      ],
      true,
    );
    const [header, first, second] = parse(text) as string[][];
    const at = (name: string) => header!.indexOf(name);
    expect(first![at('summary')]).toBe(`'=HYPERLINK("https://evil.example","click")`);
    expect(first![at('error_message')]).toBe("'@SUM(A1)");
    expect(first![at('to')]).toBe("'+14155550123");
    expect(second![at('summary')]).toBe("'-2+3");
    expect(second![at('error_message')]).toBe('Busy, then "no answer"');
    expect(first![at('metadata')]).toBe('{"crm_id":42}');
    expect(first![at('price')]).toBe('0.09');
  });

  it('writes the header only when asked (later pages of the stream)', () => {
    expect(callsCsv([call({})], false)).not.toContain('call_id');
  });

  it('puts a batch’s analysis fields in columns of their own, formulas neutralised', () => {
    const analysis_schema = {
      type: 'object',
      properties: { interested: { type: 'boolean' }, note: { type: 'string' }, seats: {} },
    };
    const calls = [
      call({ analysis_schema, analysis: { interested: true, note: '=1+1', seats: 3 } }),
      call({ analysis_schema, analysis: null, analysis_error: 'did not validate' }),
    ];
    const fields = analysisFieldsOf(calls);
    expect(fields).toEqual(['interested', 'note', 'seats']);
    const [header, first, second] = parse(callsCsv(calls, true, fields)) as string[][];
    expect(header!.slice(-3)).toEqual(['analysis.interested', 'analysis.note', 'analysis.seats']);
    expect(first!.slice(-3)).toEqual(['true', "'=1+1", '3']);
    expect(second!.slice(-3)).toEqual(['', '', '']);
  });
});
