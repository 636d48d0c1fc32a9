// GET|POST /auth/* — better-auth: email code + link sign-in, passkeys, sessions (our limits in front).
import { handleAuth } from '@/lib/composition/handle-auth';
import { defineRoute } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

const handle = ({ request }: { request: Request }) => handleAuth(request);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: handle,
  POST: handle,
});
