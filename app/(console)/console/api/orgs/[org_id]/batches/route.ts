// POST /console/api/orgs/{org_id}/batches — a batch from a CSV upload (batches.write): every row checked, then POST /v1/batches' createBatch.
import { withMember } from '@/lib/accounts/access/with-member';
import { createBatchFromCsv } from '@/lib/calls/batches/create-batch-from-csv';
import { MAX_BATCH_CSV_BYTES } from '@/lib/calls/batches/parse-batch-csv';
import { getCallDeps } from '@/lib/composition/root';
import { ApiError, defineRoute, parseBody, publicOrigin, readFormData } from '@/lib/platform/http';
import { ConsoleBatchImport } from '@/schemas/console';

export const dynamic = 'force-dynamic';

/** The file plus room for the form's other fields and multipart framing. */
const MAX_FORM_BYTES = MAX_BATCH_CSV_BYTES + 64 * 1024;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('batches.write', async ({ request, orgId }) => {
    const deps = await getCallDeps();
    const form = await readFormData(request, MAX_FORM_BYTES).catch((error: unknown) => {
      throw error instanceof ApiError && error.code === 'PAYLOAD_TOO_LARGE'
        ? new ApiError('PAYLOAD_TOO_LARGE', {
            message: 'The file is larger than 10 MB; nothing was created.',
            hint: 'Split the rows into smaller files (at most 10,000 rows each).',
            field: 'file',
          })
        : error;
    });
    const fields = parseBody(ConsoleBatchImport, {
      label: form.get('label'),
      base_prompt: form.get('base_prompt'),
    });
    const file = form.get('file');
    if (!(file instanceof File)) {
      throw new ApiError('INVALID_BODY', {
        message: 'Choose a CSV file to import.',
        field: 'file',
      });
    }
    const created = await createBatchFromCsv(deps, {
      orgId,
      label: fields.label,
      basePrompt: fields.base_prompt,
      file: new Uint8Array(await file.arrayBuffer()),
      origin: publicOrigin('voice'),
    });
    return Response.json(created, { status: 201 });
  }),
});
