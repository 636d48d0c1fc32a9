// Console requests whose session cookie cache has lapsed (the browser drops it after a minute):
// one database read renews it, for this request's page and the browser's next minute of pages.
import { NextResponse, type NextRequest } from 'next/server';
import { refreshSessionCache } from '@/lib/accounts/auth/refresh-session-cache';
import { ownOriginOf, publicOrigin } from '@/lib/platform/http/public-origin';

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { setCookies, cookieHeader } = await refreshSessionCache(
    ownOriginOf(request.headers) ?? publicOrigin('marketing'),
    request.headers,
  );
  if (setCookies.length === 0) return NextResponse.next();
  const forwarded = new Headers(request.headers);
  forwarded.set('cookie', cookieHeader);
  const response = NextResponse.next({ request: { headers: forwarded } });
  for (const line of setCookies) response.headers.append('set-cookie', line);
  return response;
}

// Only signed-in console requests without the cached session run this (plain and __Secure- names).
export const config = {
  matcher: [
    {
      source: '/console/:path*',
      has: [{ type: 'cookie', key: 'better-auth.session_token' }],
      missing: [{ type: 'cookie', key: 'better-auth.session_data' }],
    },
    {
      source: '/console/:path*',
      has: [{ type: 'cookie', key: '__Secure-better-auth.session_token' }],
      missing: [{ type: 'cookie', key: '__Secure-better-auth.session_data' }],
    },
  ],
};
