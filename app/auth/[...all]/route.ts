// GET|POST /auth/* — better-auth: email code + link sign-in, passkeys, sessions (our limits in front).
import { handleAuthRequest } from '@/lib/accounts/auth/handle-auth-request';
import { defineRoute } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

const handle = ({ request }: { request: Request }) => handleAuthRequest(request);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: handle,
  POST: handle,
});
