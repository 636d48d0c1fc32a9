// GET /console/api/orgs/{org_id}/calls/live — the version of the org's live calls, with an ETag
// (304 when unchanged): the calls list and the overview poll it while calls are live (calls.read).
import { withMember } from '@/lib/accounts/access/with-member';
import { liveVersionResponse, orgLiveVersion } from '@/lib/console/live-version';
import { defineRoute } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: withMember('calls.read', async ({ request, db, orgId }) =>
    liveVersionResponse(request, await orgLiveVersion(db, orgId)),
  ),
});
