import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema } from '@/lib/adapters/db';
import { createBatch } from '@/lib/calls/batches/create-batch';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { getCallDetail } from '@/lib/calls/get-call-detail';
import { addDncNumbers, type RuleSettings } from '@/lib/calls/rules';
import type { CallDeps } from '@/lib/calls/types';
import {
  callRow,
  newCallOrg,
  openCallSuite,
  speechEngineForFile,
  type CallSuite,
} from '../../support/call-deps';
import { databaseAdapters } from '../../support/databases';
import { recordingCarrier } from '../../support/recording-carrier';

// The transfer fields of POST /v1/calls and batches' call_params at dispatch, on a real
// database: stored and echoed when good; refused with 400 naming the field, nothing written and
// nothing dialled, when the list is too long, a number is not E.164, the calling rules refuse a
// number, or the line cannot make the transfer asked for.

const speech = speechEngineForFile();
const RULES: RuleSettings = { countries: ['US', 'CA'], denyPrefixes: [], hours: null };
const SALES = '+14155550111';
const eleven = Object.fromEntries(
  Array.from({ length: 11 }, (_, i) => [`team${i}`, `+1415555${String(200 + i).padStart(4, '0')}`]),
);

describe.each(databaseAdapters)('call transfer fields on $name', (adapter) => {
  let { db, deps } = {} as CallSuite;
  openCallSuite(adapter, speech, (opened) => ({ db, deps } = opened));

  const dispatch = (orgId: string, body: Record<string, unknown>, over: Partial<CallDeps> = {}) =>
    dispatchCall(
      { ...deps, rules: RULES, ...over },
      {
        orgId,
        body: { phone_number: '+14155550123', task: 'Help the caller.', ...body },
        idempotencyKey: null,
        origin: 'https://api.test',
      },
    );
  const callsOf = async (orgId: string) =>
    db.select().from(schema.calls).where(eq(schema.calls.orgId, orgId));

  it('stores the transfer settings, echoes them in request_data, and the detail has no transfer yet', async () => {
    const orgId = await newCallOrg(deps, 'Transfers');
    const body = {
      transfer_list: { sales: SALES, support: '+1 (415) 555-0112' },
      transfer_mode: 'warm',
    };
    const { body: created } = await dispatch(orgId, body);
    const row = await callRow(db, created.call_id);
    expect(row.transfer).toEqual({
      number: null,
      list: { sales: SALES, support: '+14155550112' },
      mode: 'warm',
    });
    const detail = await getCallDetail(deps, orgId, created.call_id, 'https://api.test');
    expect(detail).toMatchObject({ transferred_to: null, transferred_at: null });
    expect(detail.request_data).toMatchObject(body);
  });

  it('refuses a transfer_list of 11 numbers, naming it, and writes nothing', async () => {
    const orgId = await newCallOrg(deps, 'Eleven');
    await expect(dispatch(orgId, { transfer_list: eleven })).rejects.toMatchObject({
      code: 'INVALID_BODY',
      status: 400,
      message: expect.stringContaining('transfer_list'),
    });
    await expect(
      createBatch(deps, {
        orgId,
        body: {
          label: 'Transfers',
          base_prompt: 'Hi.',
          call_data: [{ phone_number: '+14155550123' }],
          call_params: { transfer_list: eleven },
        },
        idempotencyKey: null,
        origin: 'https://api.test',
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('transfer_list') });
    expect(await callsOf(orgId)).toEqual([]);
  });

  it('refuses a transfer number that is not E.164, naming the field', async () => {
    const orgId = await newCallOrg(deps, 'Bad numbers');
    await expect(dispatch(orgId, { transfer_phone_number: '555-0111' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('transfer_phone_number'),
    });
    await expect(
      dispatch(orgId, { transfer_list: { sales: 'not a number' } }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('transfer_list'),
    });
    await expect(
      dispatch(orgId, { transfer_mode: 'lukewarm', transfer_phone_number: SALES }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('transfer_mode'),
    });
    await expect(dispatch(orgId, { transfer_mode: 'warm' })).rejects.toMatchObject({
      status: 400,
      field: 'transfer_mode',
    });
    expect(await callsOf(orgId)).toEqual([]);
  });

  it('applies the calling rules to transfer numbers: countries and do-not-call lists', async () => {
    const orgId = await newCallOrg(deps, 'Ruled');
    await expect(dispatch(orgId, { transfer_phone_number: '+442071838750' })).rejects.toMatchObject(
      {
        code: 'COUNTRY_NOT_ALLOWED',
        field: 'transfer_phone_number',
      },
    );
    await addDncNumbers(
      db,
      { orgId, numbers: [SALES], source: 'import' },
      new Date(deps.clock.now()),
    );
    await expect(
      dispatch(orgId, { transfer_list: { sales: SALES, support: '+14155550112' } }),
    ).rejects.toMatchObject({ code: 'NUMBER_ON_DNC_LIST', field: 'transfer_list.sales' });
    expect(await callsOf(orgId)).toEqual([]);
  });

  it('refuses what the line cannot do: no transfers at all, or warm without conferences', async () => {
    const orgId = await newCallOrg(deps, 'Lines');
    const bare = recordingCarrier();
    await expect(
      dispatch(orgId, { transfer_phone_number: SALES }, { provider: bare }),
    ).rejects.toMatchObject({ status: 400, field: 'transfer_phone_number' });
    const coldOnly = { ...recordingCarrier(), dialOver: () => Promise.resolve() };
    await expect(
      dispatch(
        orgId,
        { transfer_phone_number: SALES, transfer_mode: 'warm' },
        { provider: coldOnly },
      ),
    ).rejects.toMatchObject({ status: 400, field: 'transfer_mode' });
    expect(bare.placed).toEqual([]);
    expect(await callsOf(orgId)).toEqual([]);
    // Cold is what that line can do.
    const { body } = await dispatch(
      orgId,
      { transfer_phone_number: SALES },
      { provider: coldOnly },
    );
    expect((await callRow(db, body.call_id)).transfer).toMatchObject({
      number: SALES,
      mode: 'cold',
    });
  });
});
