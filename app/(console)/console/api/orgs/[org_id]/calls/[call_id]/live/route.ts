// GET /console/api/orgs/{org_id}/calls/{call_id}/live — the version of one call (its state and
// transcript length) as Server-Sent Events, one event per change, ending when the call has ended:
// a live call's page listens (calls.read). Another org's call is 404.
import { withMember } from '@/lib/accounts/access/with-member';
import { callLiveVersion, liveVersionEvents } from '@/lib/console/live-version';
import { defineRoute, uuidParam } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: withMember('calls.read', ({ request, params, db, orgId }) => {
    const callId = uuidParam(params, 'call_id');
    return liveVersionEvents(request, () => callLiveVersion(db, orgId, callId));
  }),
});
