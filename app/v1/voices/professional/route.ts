// POST /v1/voices/professional — professional clone from WAV samples: a draft (unlimited) until reviewed and promoted.
import { defineRoute } from '@/lib/platform/http';
import { cloneHandler } from '../_clone-handler';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: cloneHandler('professional'),
});
