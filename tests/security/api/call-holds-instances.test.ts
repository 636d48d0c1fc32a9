import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../support/http';
import {
  createTestOrg,
  startVoiceServer,
  TASK,
  voice,
  type VoiceServer,
} from '../../support/voice-api';
import { expectPaidFor } from './paid-for';

// Attack (issue 30, defect 5) across two instances behind a load balancer: the 20 parallel calls
// of a $1 org are split between two servers on one Postgres database. Each instance holds in its
// own transaction; the wallet row's lock must still make the sum of holds fit in the dollar.

const person = '+14155550123';

let first: VoiceServer;
let second: VoiceServer;
let sql: pg.Client;

beforeAll(async () => {
  const env = { SANDBOX_TIME_SCALE: '200' };
  first = await startVoiceServer({ env });
  second = await startVoiceServer({ env, shareWith: first });
  sql = new pg.Client({ connectionString: first.databaseUrl });
  await sql.connect();
}, 120_000);
afterAll(async () => {
  await sql?.end();
  await second?.dispose();
  await first?.dispose();
});

describe('a $1 wallet on two instances', () => {
  it('20 parallel calls split between them: each refused 402 or held, none free', async () => {
    const org = await createTestOrg(first.url, 1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        voice(i % 2 ? second.url : first.url, org.apiKey, '/v1/calls', {
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
    expect(placed.length).toBeLessThan(20);
    await expectPaidFor(sql, first.url, org, placed);
  }, 120_000);
});
