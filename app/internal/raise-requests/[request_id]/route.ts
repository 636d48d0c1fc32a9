// POST /internal/raise-requests/{request_id} — admin only: approve (sets the limit override) or deny with a note.
import { getDb } from '@/lib/composition/adapters';
import { defineRoute, parseBody, readJson, requireAdmin, uuidParam } from '@/lib/platform/http';
import { answerRaise } from '@/lib/wallet/limits/answer-raise';
import { getMailer } from '@/lib/composition/adapters';
import { RaiseAnswerBody } from '@/schemas/limits';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    requireAdmin(request);
    const answer = parseBody(RaiseAnswerBody, await readJson(request, 'INVALID_BODY'));
    const answered = await answerRaise(
      { db: await getDb(), mailer: getMailer() },
      uuidParam(params, 'request_id'),
      answer,
      new Date(),
    );
    return Response.json(answered);
  },
});
