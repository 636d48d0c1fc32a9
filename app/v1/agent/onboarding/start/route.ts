// POST /v1/agent/onboarding/start — no credential: an agent starts device authorization (RFC 8628) for its own key.
import { getDb } from '@/lib/composition/adapters';
import { clientIp, defineRoute, parseBody, publicOrigin, readJson } from '@/lib/platform/http';
import { limitOnboarding } from '@/lib/accounts/onboarding/limit-onboarding';
import { startOnboarding } from '@/lib/accounts/onboarding/start-onboarding';
import { getStore } from '@/lib/composition/adapters';
import { OnboardingStartRequest } from '@/schemas/onboarding';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    await limitOnboarding(getStore(), clientIp(request.headers), Date.now());
    // The body is optional: no body (or an empty one) is {}.
    const empty = !request.body || request.headers.get('content-length') === '0';
    const input = parseBody(
      OnboardingStartRequest,
      empty ? {} : await readJson(request, 'INVALID_BODY'),
    );
    const started = await startOnboarding(
      await getDb(),
      input.client_name ?? null,
      publicOrigin('marketing'),
      new Date(),
    );
    return Response.json(started, { headers: { 'Cache-Control': 'no-store' } });
  },
});
