'use client';

import { useEffect, useState } from 'react';
import { authClient } from './auth-client';
import { postJson } from './post-json';

interface Passkey {
  id: string;
  name?: string | null;
  createdAt: string;
}
/** As /auth/list-sessions answers it: ids only, the tokens stay on the server. */
interface SessionRow {
  id: string;
  createdAt: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** The user's passkeys (add, delete) and sessions (end). */
export function AccountSecurity() {
  const [passkeys, setPasskeys] = useState<Passkey[]>([]);
  const [sessions, setSessions] = useState<SessionRow[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let live = true;
    const get = <T,>(path: string) =>
      fetch(path, { credentials: 'same-origin' }).then((r) =>
        r.ok ? (r.json() as Promise<T>) : null,
      );
    void Promise.all([
      get<Passkey[]>('/auth/passkey/list-user-passkeys'),
      get<SessionRow[]>('/auth/list-sessions'),
    ]).then(([keys, rows]) => {
      if (!live) return;
      setPasskeys(keys ?? []);
      setSessions(rows ?? []);
    });
    return () => {
      live = false;
    };
  }, [version]);

  return (
    <div>
      {message ? <p role="status">{message}</p> : null}
      <h3>Passkeys</h3>
      <ul>
        {passkeys.map((key) => (
          <li key={key.id} data-testid="passkey-row">
            {key.name || 'Passkey'} (added {key.createdAt.slice(0, 10)}){' '}
            <button
              className="button"
              type="button"
              onClick={async () => {
                const result = await postJson('/auth/passkey/delete-passkey', { id: key.id });
                setMessage(result.ok ? 'Passkey deleted.' : result.message);
                reload();
              }}
            >
              Delete passkey {key.name || ''}
            </button>
          </li>
        ))}
      </ul>
      <button
        className="button"
        type="button"
        onClick={async () => {
          const result = await authClient.passkey.addPasskey({ name: 'This device' });
          setMessage(result?.error ? 'The passkey was not added.' : 'Passkey added.');
          reload();
        }}
      >
        Add a passkey
      </button>
      <h3>Sessions</h3>
      <ul>
        {sessions.map((session) => (
          <li key={session.id} data-testid="session-row">
            {session.userAgent?.slice(0, 60) ?? 'Unknown browser'} from {session.ipAddress ?? '?'},
            since {session.createdAt.slice(0, 16).replace('T', ' ')}{' '}
            <button
              className="button"
              type="button"
              onClick={async () => {
                const result = await postJson('/auth/revoke-session', { id: session.id });
                setMessage(result.ok ? 'Session ended.' : result.message);
                reload();
              }}
            >
              End session
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
