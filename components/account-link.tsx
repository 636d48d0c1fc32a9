'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';

/**
 * "Sign in" for a visitor, "Console" once the session says they are signed in. Asked from the
 * browser so the marketing pages stay static (a visitor without a session cookie costs no lookup).
 */
export function AccountLink() {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    let live = true;
    fetch('/auth/get-session', { credentials: 'same-origin' })
      .then((response) =>
        response.ok ? (response.json() as Promise<{ user?: unknown } | null>) : null,
      )
      .then((session) => {
        if (live && session?.user) setSignedIn(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return signedIn ? (
    <Link href="/console" prefetch={false} data-testid="header-account">
      Console
    </Link>
  ) : (
    <Link href="/sign-in" prefetch={false} data-testid="header-account">
      Sign in
    </Link>
  );
}
