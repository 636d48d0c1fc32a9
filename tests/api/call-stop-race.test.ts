import { afterAll, beforeAll, expect, it } from 'vitest';
import { consoleFetch } from '../support/accounts-api';
import { startRolesSuite, type RolesSuite } from '../support/console-api';
import { dispatch, TASK, waitForEnd } from '../support/voice-api';

// A stop that lands while the scheduler dials the call took the call's row lock, then the org's
// for the charge, while the dial held them the other way round: Postgres broke the deadlock with
// a 500 about once in 60 stops. Many stops at spread moments after dispatch cover the window.
let suite = {} as RolesSuite;
beforeAll(async () => {
  suite = await startRolesSuite();
});
afterAll(() => suite.dispose?.());

it('a stop arriving while the call is being dialed always ends it', async () => {
  const answers: number[] = [];
  const stopped: string[] = [];
  for (let i = 0; i < 150; i++) {
    const callId = await dispatch(suite.base, suite.apiKey, {
      phone_number: '+14155550123',
      task: TASK,
    });
    // Stops spread over the scheduler's poll (0–95 ms after dispatch), so some meet the dial.
    await new Promise((resolve) => setTimeout(resolve, (i % 20) * 5));
    const stop = await consoleFetch(
      suite.base,
      suite.cookies.owner,
      'POST',
      `/console/api/orgs/${suite.orgId}/calls/${callId}/stop`,
    );
    answers.push(stop.status);
    stopped.push(callId);
  }
  expect(answers.filter((status) => status !== 200)).toEqual([]);
  // And the stop won: every call ended as stopped through the API, none ran its course.
  const ends = await Promise.all(
    stopped.map((callId) => waitForEnd(suite.base, suite.apiKey, callId)),
  );
  expect(ends.filter((call) => call.call_ended_by !== 'API')).toEqual([]);
});
