'use client';

import { passkeyClient } from '@better-auth/passkey/client';
import { createAuthClient } from 'better-auth/client';

/** better-auth's browser client for the WebAuthn ceremonies (our pages POST JSON for the rest). */
export const authClient = createAuthClient({
  basePath: '/auth',
  plugins: [passkeyClient()],
});
