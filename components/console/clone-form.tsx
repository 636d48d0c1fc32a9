'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { consentStatement } from '@/lib/speech/voices/consent-statement';
import { send } from '../account/post-json';
import { VoiceRecorder } from './voice-recorder';

const copy = {
  instant: { title: 'Make an instant clone', button: 'Make instant clone' },
  professional: { title: 'Upload a professional draft', button: 'Upload draft' },
} as const;

/**
 * The studio's clone form: WAV files and/or a take recorded in the browser, the speaker's name
 * with a consent tick naming them, and for a professional draft the speaker reading the consent
 * statement. The console route checks the role, the consent and every file again.
 */
export function CloneForm({
  orgId,
  orgName,
  kind,
  full = false,
}: {
  orgId: string;
  orgName: string;
  kind: 'instant' | 'professional';
  /** The limit is reached: the form stays (with the outcome of the last upload) but cannot send. */
  full?: boolean;
}) {
  const router = useRouter();
  const [speaker, setSpeaker] = useState('');
  const [take, setTake] = useState<Blob | null>(null);
  const [statement, setStatement] = useState<Blob | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const id = (name: string) => `${kind}-${name}`;
  const who = speaker.trim() || 'the speaker';
  return (
    <form
      className="form-grid"
      aria-label={copy[kind].title}
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const fields = new FormData(form);
        const body = new FormData();
        body.set('kind', kind);
        for (const name of ['name', 'description', 'consent_speaker', 'consent']) {
          const value = fields.get(name);
          if (typeof value === 'string' && value !== '') body.set(name, value);
        }
        // An empty file input still sends one nameless, empty file: leave it out.
        for (const file of fields.getAll('files'))
          if (file instanceof File && file.size > 0) body.append('audio_samples', file);
        if (take) body.append('audio_samples', take, 'recording.wav');
        if (statement) body.set('consent_recording', statement, 'consent.wav');
        if (!body.has('audio_samples')) {
          setMessage({ ok: false, text: 'Attach a WAV file or record a sample first.' });
          return;
        }
        setBusy(true);
        setMessage(null);
        const result = await send<{ name: string; state: string }>(
          `/console/api/orgs/${orgId}/voices`,
          { method: 'POST', body },
        );
        setBusy(false);
        setMessage(
          result.ok
            ? {
                ok: true,
                text: `Made “${result.data.name}” (${result.data.state}). It is listed under Your clones.`,
              }
            : { ok: false, text: `${result.message} Nothing was created; fix it and try again.` },
        );
        if (!result.ok) return;
        // Made: the form starts over for the next voice (the outcome line stays).
        form.reset();
        setSpeaker('');
        setTake(null);
        setStatement(null);
        router.refresh();
      }}
    >
      <div className="field">
        <label htmlFor={id('name')}>Voice name</label>
        <input id={id('name')} name="name" maxLength={30} required />
      </div>
      <div className="field">
        <label htmlFor={id('description')}>Description (optional)</label>
        <input id={id('description')} name="description" maxLength={500} />
      </div>
      <div className="field">
        <label htmlFor={id('files')}>Samples: WAV files, 1–60 s each</label>
        <input id={id('files')} name="files" type="file" accept=".wav,audio/wav" multiple />
      </div>
      <VoiceRecorder id={id('take')} label="Or record a sample now" onChange={setTake} />
      <div className="field">
        <label htmlFor={id('speaker')}>Speaker’s full name</label>
        <input
          id={id('speaker')}
          name="consent_speaker"
          maxLength={100}
          required
          value={speaker}
          onChange={(event) => setSpeaker(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="check">
          <input name="consent" type="checkbox" value="yes" required />
          {`${who} agreed to have their voice cloned, and I may upload these recordings.`}
        </label>
      </div>
      {kind === 'professional' ? (
        <>
          <p id={id('statement')}>
            The speaker reads this aloud: <q>{consentStatement(who, orgName)}</q>
          </p>
          <VoiceRecorder
            id={id('statement-take')}
            label="Record the consent statement"
            onChange={setStatement}
          />
        </>
      ) : null}
      <p>
        <button className="button" type="submit" disabled={busy || full}>
          {busy ? 'Uploading…' : copy[kind].button}
        </button>{' '}
        <span
          role="status"
          data-testid={`${kind}-result`}
          className={message && !message.ok ? 'form-error' : undefined}
        >
          {message?.text ?? ''}
        </span>
      </p>
    </form>
  );
}
