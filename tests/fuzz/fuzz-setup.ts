// What the fuzzer needs before it starts: an org with credit past the $5 unlock (so speech runs
// at 5 slots, not 1), a completed recorded call, a batch, a shared generation, two saved agents,
// two phone numbers and an OAuth client — real ids for the generated requests to hit, besides the random ones that miss.
import { depositUsd } from '../support/http';
import { createTestOrg, dispatch, voice, waitForEnd } from '../support/voice-api';
import examples from './examples.json';
import type { FuzzContext } from './request-cases';

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function prepareFuzzContext(base: string): Promise<FuzzContext> {
  const org = await createTestOrg(base, 1000);
  await depositUsd(base, org.orgId, 500);
  const key = org.apiKey;
  const callId = await dispatch(base, key, {
    phone_number: examples.phoneNumbers[0],
    task: examples.tasks[0],
    record: true,
  });
  const call = await waitForEnd(base, key, callId, 60_000);
  const recording = new URL(
    call.recording_url ?? `${base}/v1/recordings/${callId}?expires=0&signature=x`,
  );
  const batch = await json<{ batch_id: string }>(
    await voice(base, key, '/v1/batches', {
      json: {
        base_prompt: examples.tasks[0],
        label: 'fuzz',
        call_data: [{ phone_number: examples.phoneNumbers[1], day: 'Tuesday' }],
      },
    }),
  );
  const share = await json<{ share_id: string }>(
    await voice(base, key, '/v1/audio/shares', { json: { text: examples.texts[0], voice: 'ava' } }),
  );
  const agents = await Promise.all(
    ['fuzz', 'fuzz (deleted)'].map(async (name) =>
      json<{ agent_id: string }>(
        await voice(base, key, '/v1/agents', { json: { name, task: examples.tasks[0] } }),
      ),
    ),
  );
  // Two sandbox numbers: the first answered by the first agent (the second agent gets deleted).
  const numbers: string[] = [];
  for (let i = 0; i < 2; i++) {
    const bought = await json<{ number: string }>(
      await voice(base, key, '/v1/numbers', { json: { country: 'US', area_code: '415' } }),
    );
    numbers.push(bought.number);
  }
  await json(
    await voice(base, key, `/v1/numbers/${encodeURIComponent(numbers[0]!)}`, {
      method: 'PATCH',
      json: { inbound_agent_id: agents[0]!.agent_id },
    }),
  );
  const client = await json<{ client_id: string }>(
    await fetch(`${base}/authorization/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [examples.redirectUris[0]],
        client_name: 'fuzz',
        token_endpoint_auth_method: 'none',
      }),
    }),
  );
  return {
    apiKey: key,
    callIds: [callId],
    batchIds: [batch.batch_id],
    shareIds: [share.share_id],
    agentIds: agents.map((agent) => agent.agent_id),
    numbers,
    recording: {
      callId,
      expires: recording.searchParams.get('expires') ?? '0',
      signature: recording.searchParams.get('signature') ?? 'x',
    },
    oauthClientId: client.client_id,
  };
}
