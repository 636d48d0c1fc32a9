// POST /console/api/orgs/{org_id}/dnc/import — a do-not-call CSV (the request body, UTF-8), every line checked before any is listed (calls.write).
import { withMember } from '@/lib/accounts/access/with-member';
import { importDncCsv, MAX_DNC_CSV_BYTES } from '@/lib/calls/rules';
import { ApiError, defineRoute } from '@/lib/platform/http';
import { readLimited } from '@/lib/platform/http/read-limited';
import { systemClock } from '@/lib/platform/runtime/clock';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('calls.write', async ({ request, orgId, db, actor }) => {
    const bytes = await readLimited(
      request,
      MAX_DNC_CSV_BYTES,
      () =>
        new ApiError('PAYLOAD_TOO_LARGE', {
          message: 'The file is larger than 2 MB; nothing was changed.',
          field: 'file',
        }),
      'INVALID_BODY',
    );
    const outcome = await importDncCsv(db, { orgId, bytes }, actor, new Date(systemClock.now()));
    return Response.json(outcome);
  }),
});
