import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|sql)$/.test(name) ? [path] : [];
  });
}

const files = [...sourceFiles('lib'), ...sourceFiles('app'), ...sourceFiles('scripts')];

describe('the audit log is append-only', () => {
  it('no code updates or deletes audit rows (only recordAudit inserts them)', () => {
    const offenders = files.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return (
        /\.(update|delete)\(\s*(schema\.)?auditLog\b/.test(text) ||
        /\b(UPDATE|DELETE\s+FROM|TRUNCATE)\s+"?audit_log"?/i.test(text)
      );
    });
    expect(offenders).toEqual([]);
  });

  it('rows are inserted in exactly one place', () => {
    const inserting = files.filter((file) =>
      /\.insert\(\s*(schema\.)?auditLog\b/.test(readFileSync(file, 'utf8')),
    );
    expect(inserting).toEqual([join('lib', 'accounts', 'audit', 'record-audit.ts')]);
  });
});
