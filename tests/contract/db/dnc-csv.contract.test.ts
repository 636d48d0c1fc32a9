import { describe, expect, it } from 'vitest';
import { listAuditLog } from '@/lib/accounts/audit/list-audit-log';
import { addDncNumbers, importDncCsv, listDncNumbers, streamDncCsv } from '@/lib/calls/rules';
import type { Db } from '@/lib/adapters/db';
import { createOrg } from '@/lib/composition/create-org';
import { databaseAdapters, openForSuite } from '../../support/databases';

const now = new Date('2026-11-04T17:00:00Z');
const admin = { type: 'system' as const, id: null };
const file = (text: string) => new TextEncoder().encode(text);
const numberAt = (i: number) => `+1415555${String(i).padStart(4, '0')}`;

async function exported(db: Db, orgId: string): Promise<string> {
  return new Response(streamDncCsv(db, orgId)).text();
}

describe.each(databaseAdapters)('do-not-call CSV import and export on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));

  it('imports once per number, keeps what was listed, audits one entry with the counts', async () => {
    const { orgId } = await createOrg(db, { name: 'Imports', startingCreditMicros: 0 }, now);
    await addDncNumbers(
      db,
      { orgId, numbers: [numberAt(1)], reason: 'opted out on a call', source: 'opt_out' },
      now,
    );
    const outcome = await importDncCsv(
      db,
      {
        orgId,
        bytes: file(
          [
            'number,reason',
            `${numberAt(1)},from the sheet`,
            `${numberAt(2)},asked by mail`,
            `${numberAt(3)},asked by mail`,
            `${numberAt(2)},again`,
            numberAt(4),
          ].join('\n'),
        ),
      },
      admin,
      now,
    );
    // Four numbers in the file (one twice), one of them listed before.
    expect(outcome).toEqual({ added: 3, already_listed: 1 });
    const { numbers } = await listDncNumbers(db, orgId, { limit: 10 });
    expect(numbers.map((n) => [n.number, n.reason, n.source])).toEqual([
      // The opt-out's evidence is never overwritten by an import.
      [numberAt(1), 'opted out on a call', 'opt_out'],
      [numberAt(2), 'asked by mail', 'import'],
      [numberAt(3), 'asked by mail', 'import'],
      [numberAt(4), null, 'import'],
    ]);
    const { events } = await listAuditLog(db, orgId, { limit: 10 });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'dnc.add',
      actor: { type: 'system', id: null },
      after: {
        added: 3,
        already_listed: 1,
        source: 'import',
        count: 5,
        numbers: [numberAt(1), numberAt(2), numberAt(3), numberAt(2), numberAt(4)],
      },
    });
  });

  it('lists nothing and audits nothing when one line is bad', async () => {
    const { orgId } = await createOrg(db, { name: 'Refused', startingCreditMicros: 0 }, now);
    await expect(
      importDncCsv(db, { orgId, bytes: file(`${numberAt(1)}\nnot a number\n`) }, admin, now),
    ).rejects.toMatchObject({ code: 'CSV_ROWS_INVALID' });
    expect((await listDncNumbers(db, orgId, { limit: 10 })).numbers).toEqual([]);
    expect((await listAuditLog(db, orgId, { limit: 10 })).events).toEqual([]);
  });

  it('audits the first 20 numbers of a large file and its whole count', async () => {
    const { orgId } = await createOrg(db, { name: 'Large', startingCreditMicros: 0 }, now);
    const all = Array.from({ length: 30 }, (_, i) => numberAt(100 + i));
    await importDncCsv(db, { orgId, bytes: file(all.join('\n')) }, admin, now);
    const [event] = (await listAuditLog(db, orgId, { limit: 1 })).events;
    expect(event!.after).toMatchObject({ count: 30, added: 30, numbers: all.slice(0, 20) });
  });

  it('exports the header, then every number in order across pages of 1,000, formulas escaped', async () => {
    const { orgId } = await createOrg(db, { name: 'Export', startingCreditMicros: 0 }, now);
    expect(await exported(db, orgId)).toBe('number,reason,source,call_id,created_at\n');
    const numbers = Array.from({ length: 2_345 }, (_, i) => numberAt(i));
    await addDncNumbers(db, { orgId, numbers, reason: '=SUM(A1)', source: 'import' }, now);
    const lines = (await exported(db, orgId)).trimEnd().split('\n');
    expect(lines[0]).toBe('number,reason,source,call_id,created_at');
    expect(lines).toHaveLength(1 + numbers.length);
    // Every number starts with +, which spreadsheets read as a formula: an apostrophe goes first.
    expect(lines[1]).toBe(`'${numberAt(0)},'=SUM(A1),import,,${now.toISOString()}`);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(numbers.map((n) => `'${n}`));
    // The export imports again as it is: the same numbers, nothing added.
    await expect(
      importDncCsv(db, { orgId, bytes: file(lines.join('\n')) }, admin, now),
    ).resolves.toEqual({ added: 0, already_listed: numbers.length });
  });
});
