import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually';
import { expectError } from '../../support/http';
import {
  createTestOrg,
  getCall,
  startVoiceServer,
  TASK,
  voice,
  type VoiceServer,
} from '../../support/voice-api';
import { expectPaidFor } from './paid-for';

// Attack (issue 30, defect 5): a fresh $1 account places 20 four-hour calls at once, and a batch
// of 25, so the end-of-call charge finds the wallet empty and connected calls cost $0. Every call
// must hold what it may cost before it is dialled: refused (402) or held, never free.

const person = '+14155550123';

let server: VoiceServer;
let sql: pg.Client;

// The sandbox line at 200× real time: a call of a few lines ends in about a second.
beforeAll(async () => {
  server = await startVoiceServer({ env: { SANDBOX_TIME_SCALE: '200' } });
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await server?.dispose();
});

describe('a $1 wallet cannot place calls nobody pays for', () => {
  it('20 parallel calls of max_duration 240: each refused 402 or held, none free', async () => {
    const org = await createTestOrg(server.url, 1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        voice(server.url, org.apiKey, '/v1/calls', {
          json: { phone_number: person, task: TASK, max_duration: 240 },
        }),
      ),
    );
    const placed: string[] = [];
    for (const answer of answers) {
      if (answer.status === 200)
        placed.push(((await answer.json()) as { call_id: string }).call_id);
      else await expectError(answer, 402, 'INSUFFICIENT_BALANCE');
    }
    expect(placed.length).toBeGreaterThan(0);
    // Each placed call is cut to what its hold pays: 11 minutes of $0.09 fit in $1.
    for (const id of placed)
      expect((await getCall(server.url, org.apiKey, id)).max_duration).toBeLessThanOrEqual(11);
    await expectPaidFor(sql, server.url, org, placed);
  });

  it('a batch of 25: each call held at its own dial or failed INSUFFICIENT_BALANCE, none unbilled', async () => {
    const org = await createTestOrg(server.url, 1);
    const created = await voice(server.url, org.apiKey, '/v1/batches', {
      json: {
        base_prompt: 'Confirm the delivery for {{name}}.',
        label: 'Holds',
        call_data: Array.from({ length: 25 }, (_, i) => ({ phone_number: person, name: `N${i}` })),
      },
    });
    expect(created.status).toBe(200);
    const { batch_id } = (await created.json()) as { batch_id: string };
    const batch = await eventually(async () => {
      const response = await voice(server.url, org.apiKey, `/batch?batch_id=${batch_id}`, {
        headers: { authorization: org.apiKey },
      });
      const body = (await response.json()) as {
        analysis: { in_progress_calls: number; call_ids: string[] };
        call_data: { call_id: string; queue_status: string; error_message: string | null }[];
      };
      return body.analysis.in_progress_calls === 0 ? body : undefined;
    }, 90_000);
    expect(batch.call_data).toHaveLength(25);
    for (const call of batch.call_data) {
      if (call.queue_status === 'call_error')
        expect(call.error_message).toMatch(/^INSUFFICIENT_BALANCE: /);
      else expect(call.queue_status).toBe('complete');
    }
    expect(batch.call_data.some((c) => c.queue_status === 'complete')).toBe(true);
    await expectPaidFor(
      sql,
      server.url,
      org,
      batch.call_data.map((c) => c.call_id),
    );
  }, 120_000);
});
