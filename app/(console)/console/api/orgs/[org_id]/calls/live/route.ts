// GET /console/api/orgs/{org_id}/calls/live — the version of the org's live calls as Server-Sent
// Events (text/event-stream), one event per change, ending once nothing is live: the calls list
// and the overview listen while calls are live (calls.read).
import { withMember } from '@/lib/accounts/access/with-member';
import { liveVersionEvents, orgLiveVersion } from '@/lib/console/live-version';
import { defineRoute } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: withMember('calls.read', ({ request, db, orgId }) =>
    liveVersionEvents(request, () => orgLiveVersion(db, orgId)),
  ),
});
