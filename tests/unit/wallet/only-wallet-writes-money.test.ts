import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The wallet's own files (lib/wallet/*.ts, not its billing or limits folders) are the one module that
// moves money: nothing else writes an org's balance columns or the wallet ledger. Reading them is
// fine; a new writer elsewhere fails here.

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const WALLET = join('lib', 'wallet');
const outside = [...sourceFiles('lib'), ...sourceFiles('app'), ...sourceFiles('scripts')].filter(
  (file) => dirname(file) !== WALLET,
);

const BALANCE_COLUMNS = [
  'balanceMicros',
  'heldMicros',
  'owedMicros',
  'depositsMicros',
  'startingCreditMicros',
];

/** The text of each `.update(<orgs table>)…;` / `.insert(<orgs table>)…;` statement in `text`. */
function orgWrites(text: string): string[] {
  // A local alias of the table (`const orgs = schema.organizations`) counts as the table.
  const aliases = [...text.matchAll(/const\s+(\w+)\s*=\s*schema\.organizations\b/g)].map(
    (m) => m[1]!,
  );
  const table = ['schema\\.organizations', 'organizations', ...aliases].join('|');
  const start = new RegExp(`\\.(update|insert)\\(\\s*(${table})\\s*\\)`, 'g');
  return [...text.matchAll(start)].map((m) => {
    const end = text.indexOf(';', m.index);
    return text.slice(m.index, end === -1 ? undefined : end);
  });
}

describe('only lib/wallet moves money', () => {
  it('no other file writes the balance columns of organizations', () => {
    const offenders = outside.flatMap((file) =>
      orgWrites(readFileSync(file, 'utf8'))
        .filter((statement) =>
          BALANCE_COLUMNS.some((column) => new RegExp(`\\b${column}\\s*:`).test(statement)),
        )
        .map(() => file),
    );
    expect(offenders).toEqual([]);
  });

  it('no other file writes the wallet ledger', () => {
    const offenders = outside.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return (
        /\.(insert|update|delete)\(\s*(schema\.)?walletLedger\b/.test(text) ||
        /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(wallet_ledger|organizations)"?/i.test(text)
      );
    });
    expect(offenders).toEqual([]);
  });

  it('catches a writer (the scan itself works)', () => {
    const sample =
      'const orgs = schema.organizations;\nawait tx.update(orgs).set({ balanceMicros: 1 }).where(x);';
    expect(orgWrites(sample)).toHaveLength(1);
    expect(orgWrites(sample)[0]).toMatch(/balanceMicros:/);
  });
});
