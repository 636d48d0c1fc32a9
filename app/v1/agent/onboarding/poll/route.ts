// POST /v1/agent/onboarding/poll — the agent asks whether its code was approved; the key comes back exactly once.
import { getDb } from '@/lib/composition/adapters';
import { clientIp, defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { limitOnboarding } from '@/lib/accounts/onboarding/limit-onboarding';
import { pollOnboarding } from '@/lib/accounts/onboarding/poll-onboarding';
import { getStore } from '@/lib/composition/adapters';
import { OnboardingPollRequest } from '@/schemas/onboarding';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    await limitOnboarding(getStore(), clientIp(request.headers), Date.now());
    const input = parseBody(OnboardingPollRequest, await readJson(request, 'INVALID_BODY'));
    const answer = await pollOnboarding(await getDb(), input.device_code, new Date());
    return Response.json(answer, { headers: { 'Cache-Control': 'no-store' } });
  },
});
