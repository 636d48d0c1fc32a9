'use client';
import dynamic from 'next/dynamic';

// Loaded only when a site key is configured, so pages without it ship none of its code.
const Turnstile = dynamic(() => import('@marsidev/react-turnstile').then((m) => m.Turnstile), {
  ssr: false,
});

/** NEXT_PUBLIC_ variables are inlined at build time. */
export const TURNSTILE_SITE_KEY = process.env.NEXT_PUBLIC_TURNSTILE_SITE_KEY ?? '';

export function TurnstileWidget({ onToken }: { onToken: (token: string) => void }) {
  if (!TURNSTILE_SITE_KEY) return null;
  return (
    <Turnstile
      siteKey={TURNSTILE_SITE_KEY}
      onSuccess={onToken}
      onExpire={() => onToken('')}
      onError={() => onToken('')}
      options={{ size: 'flexible' }}
    />
  );
}
