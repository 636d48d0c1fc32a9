import { describe, expect, it } from 'vitest';
import { createAgent } from '@/lib/calls/agents';
import { openHeaders } from '@/lib/calls/actions';
import { getCallDetail } from '@/lib/calls/get-call-detail';
import { buyNumber, placeTestCall, TEST_CALLER, updateNumber } from '@/lib/calls/numbers';
import { INBOUND_QUESTION } from '@/lib/adapters/telephony/sandbox-provider';
import {
  callRow,
  newCallOrg,
  playCalls,
  speechEngineForFile,
  TEST_CALL_SETTINGS,
  type CallSuite,
} from '../../support/call-deps';
import { openCallSuite } from '../../support/call-deps';
import { databaseAdapters } from '../../support/databases';
import { recordingCarrier } from '../../support/recording-carrier';

// The sandbox's test call: a scripted caller rings one of the organization's numbers and its agent
// answers, through the inbound start and the sandbox line's whole talk loop, billed as a call.

const speech = speechEngineForFile();
const actor = { type: 'system' as const, id: null };

describe.each(databaseAdapters)('a sandbox test call on $name', (adapter) => {
  let { db, deps } = {} as CallSuite;
  openCallSuite(adapter, speech, (opened) => ({ db, deps } = opened));

  async function numberWithAgent(agent = true, settings: Record<string, unknown> = {}) {
    const orgId = await newCallOrg(deps, 'Test call');
    const now = new Date(deps.clock.now());
    const numberDeps = { db, provider: deps.provider, monthlyFeeMicros: 2_000_000 };
    const { number } = await buyNumber(numberDeps, { orgId, body: { country: 'US' }, actor }, now);
    if (agent) {
      const saved = await createAgent(
        { db, allowIps: [], urlSigningKey: TEST_CALL_SETTINGS.urlSigningKey },
        {
          orgId,
          body: {
            name: 'Front desk',
            task: 'Answer questions about opening hours.',
            max_duration: 2,
            ...settings,
          },
          actor,
        },
        now,
      );
      await updateNumber(
        db,
        { orgId, number, body: { inbound_agent_id: saved.agent_id }, actor },
        now,
      );
    }
    return { orgId, number };
  }

  it('plays a scripted caller against the number’s agent, end to end, billed as a call', async () => {
    const { orgId, number } = await numberWithAgent();
    const placed = await placeTestCall(deps, { orgId, number, apiOrigin: 'https://api.test' });
    expect(placed).toMatchObject({ status: 'success', from: TEST_CALLER, to: number });
    await playCalls(deps, [placed.call_id]);
    const row = await callRow(db, placed.call_id);
    expect(row).toMatchObject({
      direction: 'inbound',
      fromNumber: TEST_CALLER,
      toNumber: number,
      sandbox: true,
      queueStatus: 'complete',
    });
    expect(row.priceMicros).toBeGreaterThan(0);
    expect(row.priceMicros! % TEST_CALL_SETTINGS.pricePerMinuteMicros).toBe(0);
    const detail = await getCallDetail(deps, orgId, placed.call_id, 'https://api.test');
    expect(detail).toMatchObject({ direction: 'inbound', from: TEST_CALLER, to: number });
    const said = detail.transcripts.map((t) => [t.user, t.text]);
    expect(said[0]![0]).toBe('assistant');
    expect(said[1]).toEqual(['user', INBOUND_QUESTION]);
    expect(said.length).toBeGreaterThan(3);
  });

  it('gives the call the agent’s tools, header values sealed again, and none of its voicemail', async () => {
    const { orgId, number } = await numberWithAgent(true, {
      answered_by_enabled: true,
      voicemail_message: 'Call us back.',
      tools: [
        {
          name: 'check_hours',
          description: 'Opening hours of a day.',
          input_schema: { type: 'object' },
          // A public address written as an IP: checked without a lookup; the task names no tool.
          url: 'https://93.184.216.34/hours',
          headers: { Authorization: 'Bearer sk-inbound-1' },
        },
      ],
    });
    const placed = await placeTestCall(deps, { orgId, number, apiOrigin: 'https://api.test' });
    const row = await callRow(db, placed.call_id);
    expect(row.voicemail).toBeNull();
    expect(row.tools).toMatchObject([{ name: 'check_hours', url: 'https://93.184.216.34/hours' }]);
    expect(JSON.stringify(row.tools)).not.toContain('sk-inbound');
    const sealed = row.tools![0]!.sealed_headers!;
    expect(openHeaders(sealed, TEST_CALL_SETTINGS.urlSigningKey)).toEqual({
      Authorization: 'Bearer sk-inbound-1',
    });
    await playCalls(deps, [placed.call_id]);
  });

  it('refuses a number with no agent, another org’s number, and a carrier line', async () => {
    const { orgId, number } = await numberWithAgent(false);
    await expect(
      placeTestCall(deps, { orgId, number, apiOrigin: 'https://api.test' }),
    ).rejects.toMatchObject({ code: 'NO_INBOUND_AGENT', status: 409 });
    const other = await newCallOrg(deps, 'Other');
    await expect(
      placeTestCall(deps, { orgId: other, number, apiOrigin: 'https://api.test' }),
    ).rejects.toMatchObject({ code: 'NUMBER_NOT_FOUND' });
    const carrier = { ...deps, provider: recordingCarrier() };
    await expect(
      placeTestCall(carrier, { orgId, number, apiOrigin: 'https://api.test' }),
    ).rejects.toMatchObject({ code: 'TEST_CALL_NOT_AVAILABLE' });
  });
});
