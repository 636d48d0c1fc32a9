// POST /v1/voices/clone — instant clone from WAV samples: live at once, counted against the instant-clone limit.
import { defineRoute } from '@/lib/platform/http';
import { cloneHandler } from '../_clone-handler';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: cloneHandler('instant'),
});
