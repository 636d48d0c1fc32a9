import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuditChanges } from '@/components/console/audit-changes';
import { formatTime } from '@/lib/console/format-time';

// How the console writes times and audit values (issue 35: raw ISO in the keys table, raw floats
// such as consent_statement_seconds: 5.279977324263038 in the audit log).
describe('formatTime', () => {
  it('writes every time one way, in UTC, to the minute', () => {
    expect(formatTime('2026-11-28T03:14:59.999Z')).toBe('2026-11-28 03:14 UTC');
    expect(formatTime(new Date('2026-01-02T23:05:00+02:00'))).toBe('2026-01-02 21:05 UTC');
    expect(formatTime(null, 'never')).toBe('never');
  });
});

describe('AuditChanges', () => {
  it('rounds measured numbers, at the top and inside objects; whole numbers stay', () => {
    const html = renderToStaticMarkup(
      h(AuditChanges, {
        before: null,
        after: { consent_statement_seconds: 5.279977324263038, rows: 12, sample: { s: 1.23456 } },
      }),
    );
    expect(html).toContain('consent_statement_seconds</span>: 5.28');
    expect(html).toContain('rows</span>: 12');
    expect(html).toContain('{&quot;s&quot;:1.23}');
    expect(html).not.toContain('5.2799');
  });
});
