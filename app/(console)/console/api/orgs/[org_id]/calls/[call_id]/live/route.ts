// GET /console/api/orgs/{org_id}/calls/{call_id}/live — the version of one call (its state and
// transcript length), with an ETag (304 when unchanged): a live call's page polls it (calls.read).
import { withMember } from '@/lib/accounts/access/with-member';
import { callLiveVersion, liveVersionResponse } from '@/lib/console/live-version';
import { defineRoute, uuidParam } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: withMember('calls.read', async ({ request, params, db, orgId }) =>
    liveVersionResponse(request, await callLiveVersion(db, orgId, uuidParam(params, 'call_id'))),
  ),
});
