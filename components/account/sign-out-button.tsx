'use client';

import { useRouter } from 'next/navigation';
import { postJson } from './post-json';

export function SignOutButton() {
  const router = useRouter();
  return (
    <button
      className="button"
      type="button"
      onClick={async () => {
        await postJson('/auth/sign-out', {});
        router.push('/sign-in');
        router.refresh();
      }}
    >
      Sign out
    </button>
  );
}
