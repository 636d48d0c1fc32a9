'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { SendResult } from '../account/post-json';

/**
 * A console form's request: busy while it runs, then the words to show (the success's, or the
 * envelope's message) and a refresh of the page's server data after a success.
 */
export function useFormAction() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const run = async <T>(
    send: () => Promise<SendResult<T>>,
    done: (data: T) => string,
  ): Promise<boolean> => {
    setBusy(true);
    const result = await send();
    setBusy(false);
    setMessage(result.ok ? done(result.data) : result.message);
    if (result.ok) router.refresh();
    return result.ok;
  };
  return { busy, message, setMessage, run };
}
