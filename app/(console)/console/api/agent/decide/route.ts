// POST /console/api/agent/decide — a signed-in member who may approve agents approves or denies an agent's code (rate limited).
import { requireSessionUser } from '@/lib/accounts/auth/require-session-user';
import { getDb } from '@/lib/composition/adapters';
import { clientIp, defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { decideOnboarding } from '@/lib/accounts/onboarding/decide-onboarding';
import { limitDecide } from '@/lib/accounts/onboarding/limit-decide';
import { capMicros } from '@/lib/accounts/orgs/set-key-spend-cap';
import { getStore } from '@/lib/composition/adapters';
import { OnboardingDecision } from '@/schemas/onboarding';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const user = await requireSessionUser(request);
    const ip = clientIp(request.headers);
    await limitDecide(getStore(), { ip, user: user.id }, Date.now());
    const input = parseBody(OnboardingDecision, await readJson(request, 'INVALID_BODY'));
    await decideOnboarding(
      await getDb(),
      input.user_code,
      user,
      input.decision === 'approve'
        ? {
            approve: true,
            orgId: input.org_id,
            scopes: input.scopes,
            spendCapMicros: capMicros(input.monthly_spend_cap_cents),
          }
        : { approve: false },
      ip,
      new Date(),
    );
    return Response.json({ user_code: input.user_code, decision: input.decision });
  },
});
