import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addDncNumbers,
  changeDncList,
  listDncNumbers,
  recordOptOut,
  removeDncNumbers,
  type DncOwner,
} from '@/lib/calls/rules';
import { schema, type Db } from '@/lib/adapters/db';
import { createOrg } from '@/lib/composition/create-org';
import { databaseAdapters, openForSuite } from '../../support/databases';

// The do-not-call lists themselves (the API's /v1/dnc and the operators' list): what adding twice,
// removing, paging and auditing do to them, each organization's apart from the others'.
const now = new Date('2026-11-04T17:00:00Z');
const later = new Date('2026-11-06T08:00:00Z');
const member = { type: 'user' as const, id: 'user-7' };

describe.each(databaseAdapters)('do-not-call lists on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));
  const newOrg = async (name: string) =>
    (await createOrg(db, { name, startingCreditMicros: 0 }, now)).orgId;
  const all = (orgId: DncOwner) => listDncNumbers(db, orgId, { limit: 100 });
  const auditsOf = (orgId: string | null, prefix: string) =>
    db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          orgId === null ? isNull(schema.auditLog.orgId) : eq(schema.auditLog.orgId, orgId),
          like(schema.auditLog.action, `${prefix}%`),
        ),
      )
      .orderBy(asc(schema.auditLog.id));

  it('adds each number once and keeps its first entry: a second add never overwrites it', async () => {
    const orgId = await newOrg('Adds');
    const first = await addDncNumbers(
      db,
      {
        orgId,
        numbers: ['+17185550101', '+17185550102', '+17185550101'],
        reason: 'asked twice',
        source: 'opt_out',
      },
      now,
    );
    expect(first).toEqual({ added: 2, already_listed: 0 });
    const again = await addDncNumbers(
      db,
      { orgId, numbers: ['+17185550102', '+17185550103'], reason: 'import', source: 'import' },
      later,
    );
    expect(again).toEqual({ added: 1, already_listed: 1 });
    expect((await all(orgId)).numbers).toEqual([
      {
        number: '+17185550101',
        reason: 'asked twice',
        source: 'opt_out',
        call_id: null,
        created_at: now.toISOString(),
      },
      {
        number: '+17185550102',
        reason: 'asked twice',
        source: 'opt_out',
        call_id: null,
        created_at: now.toISOString(),
      },
      {
        number: '+17185550103',
        reason: 'import',
        source: 'import',
        call_id: null,
        created_at: later.toISOString(),
      },
    ]);
    // No reason given is stored as none.
    await addDncNumbers(db, { orgId, numbers: ['+17185550104'], source: 'api' }, now);
    expect((await listDncNumbers(db, orgId, { number: '+17185550104', limit: 5 })).numbers).toEqual(
      [
        {
          number: '+17185550104',
          reason: null,
          source: 'api',
          call_id: null,
          created_at: now.toISOString(),
        },
      ],
    );
  });

  it("keeps each organization's list and the operators' apart, in listing and in removal", async () => {
    const mine = await newOrg('Mine');
    const theirs = await newOrg('Theirs');
    await addDncNumbers(db, { orgId: mine, numbers: ['+17185550111'], source: 'api' }, now);
    await addDncNumbers(db, { orgId: theirs, numbers: ['+17185550111'], source: 'api' }, now);
    await addDncNumbers(db, { orgId: null, numbers: ['+17185550199'], source: 'operator' }, now);

    expect((await all(mine)).numbers.map((n) => n.number)).toEqual(['+17185550111']);
    expect((await all(null)).numbers.map((n) => n.number)).toContain('+17185550199');
    expect((await all(null)).numbers.map((n) => n.number)).not.toContain('+17185550111');

    // Removing from one list leaves the other organization's and the operators' entries.
    expect(await removeDncNumbers(db, mine, ['+17185550111', '+17185550199'])).toEqual({
      removed: 1,
    });
    expect((await all(mine)).numbers).toEqual([]);
    expect((await all(theirs)).numbers.map((n) => n.number)).toEqual(['+17185550111']);
    expect((await all(null)).numbers.map((n) => n.number)).toContain('+17185550199');
    // The operators' list is removed from as the operators' only.
    expect(await removeDncNumbers(db, null, ['+17185550111'])).toEqual({ removed: 0 });
    expect(await removeDncNumbers(db, null, ['+17185550199', '+17185550199'])).toEqual({
      removed: 1,
    });
    expect((await all(theirs)).numbers.map((n) => n.number)).toEqual(['+17185550111']);
  });

  it('pages in number order: the cursor is the last number shown, none after the last page', async () => {
    const orgId = await newOrg('Pages');
    const numbers = [
      '+17185550125',
      '+17185550121',
      '+17185550124',
      '+17185550122',
      '+17185550123',
    ];
    await addDncNumbers(db, { orgId, numbers, source: 'import' }, now);
    const first = await listDncNumbers(db, orgId, { limit: 2 });
    expect(first.numbers.map((n) => n.number)).toEqual(['+17185550121', '+17185550122']);
    expect(first.next_cursor).toBe('+17185550122');
    const second = await listDncNumbers(db, orgId, { limit: 2, cursor: first.next_cursor! });
    expect(second.numbers.map((n) => n.number)).toEqual(['+17185550123', '+17185550124']);
    expect(second.next_cursor).toBe('+17185550124');
    const last = await listDncNumbers(db, orgId, { limit: 2, cursor: second.next_cursor! });
    expect(last).toEqual({
      numbers: [expect.objectContaining({ number: '+17185550125' })],
      next_cursor: null,
    });
    // A page exactly as long as what is left has no next page either.
    expect((await listDncNumbers(db, orgId, { limit: 5 })).next_cursor).toBeNull();
    expect((await listDncNumbers(db, orgId, { number: '+17185550199', limit: 5 })).numbers).toEqual(
      [],
    );
  });

  it('audits every change with its counts and at most its first 20 numbers', async () => {
    const orgId = await newOrg('Audited');
    const numbers = Array.from({ length: 25 }, (_, i) => `+1718555${String(1000 + i)}`);
    expect(
      await changeDncList(
        db,
        { kind: 'add', orgId, numbers, reason: 'bulk', source: 'import' },
        member,
        now,
      ),
    ).toEqual({ added: 25, already_listed: 0 });
    expect(
      await changeDncList(
        db,
        { kind: 'remove', orgId, numbers: [numbers[0]!, '+17185559999'] },
        member,
        later,
      ),
    ).toEqual({ removed: 1 });
    const rows = await auditsOf(orgId, 'dnc.');
    expect(rows.map((r) => [r.action, r.actorType, r.actorId, r.at, r.after])).toEqual([
      [
        'dnc.add',
        'user',
        'user-7',
        now,
        { added: 25, already_listed: 0, numbers: numbers.slice(0, 20), count: 25 },
      ],
      [
        'dnc.remove',
        'user',
        'user-7',
        later,
        { removed: 1, numbers: [numbers[0], '+17185559999'], count: 2 },
      ],
    ]);
    expect((await all(orgId)).numbers).toHaveLength(24);
  });

  it("lists a callee who opted out on their organization's list, with the call as evidence", async () => {
    const orgId = await newOrg('Opt-outs');
    const callId = randomUUID();
    await recordOptOut(db, { id: callId, orgId, toNumber: '+17185550177' }, now);
    expect((await all(orgId)).numbers).toEqual([
      {
        number: '+17185550177',
        reason: 'The callee asked during the call not to be called again.',
        source: 'opt_out',
        call_id: callId,
        created_at: now.toISOString(),
      },
    ]);
  });
});
