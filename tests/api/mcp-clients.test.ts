import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallDetail } from '@/schemas/call-detail';
import { expectError } from '../support/http';
import { inspector } from '../support/inspector';
import { toolsListWithToken } from '../support/oauth-client';
import {
  createTestOrg,
  startVoiceServer,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

let first: VoiceServer;
let second: VoiceServer;
let a: TestOrg;
let b: TestOrg;

beforeAll(async () => {
  first = await startVoiceServer({ env: { SANDBOX_TIME_SCALE: '200' } });
  second = await startVoiceServer({ shareWith: first, env: { SANDBOX_TIME_SCALE: '200' } });
  a = await createTestOrg(first.url);
  b = await createTestOrg(first.url);
});
afterAll(async () => {
  await second?.stop();
  await first?.dispose();
});

// An API key is a Bearer token the tool server takes as well as an OAuth access token.
const toolsList = toolsListWithToken;

describe('120 requests per minute per organization', () => {
  it('refuses exactly the 121st, across two instances, and leaves other orgs alone', async () => {
    const statuses: number[] = [];
    // 120 requests, alternating instances, ten at a time.
    for (let round = 0; round < 12; round++) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, i) => toolsList(i % 2 ? second.url : first.url, a.apiKey)),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    const refused = await toolsList(second.url, a.apiKey);
    const retryAfter = Number(refused.headers.get('retry-after'));
    await expectError(refused, 429, 'TOOL_RATE_LIMITED');
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    expect((await toolsList(first.url, b.apiKey)).status).toBe(200);
    expect((await toolsList(second.url, b.apiKey)).status).toBe(200);
  });
});

describe('the MCP Inspector CLI', () => {
  it('lists the tools, places a call and waits for it, with an API key', async () => {
    const key = (await createTestOrg(first.url)).apiKey;
    const listed = (await inspector(first.url, key, ['--method', 'tools/list'])) as {
      tools: { name: string }[];
    };
    expect(listed.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['create_call', 'wait_for_call', 'get_call']),
    );
    const created = (await inspector(first.url, key, [
      '--method',
      'tools/call',
      '--tool-name',
      'create_call',
      '--tool-arg',
      'phone_number=+14155550123',
      '--tool-arg',
      'task=Say hello and ask about Tuesday.',
      '--tool-arg',
      'confirm=true',
    ])) as { structuredContent: { call_id: string } };
    const waited = (await inspector(second.url, key, [
      '--method',
      'tools/call',
      '--tool-name',
      'wait_for_call',
      '--tool-arg',
      `call_id=${created.structuredContent.call_id}`,
      '--tool-arg',
      'timeout_seconds=30',
    ])) as { structuredContent: { finished: boolean; call: unknown } };
    expect(waited.structuredContent.finished).toBe(true);
    expect(CallDetail.parse(waited.structuredContent.call).queue_status).toBe('complete');
  });
});
