'use client';

import { useRef, useState } from 'react';

/** A play button for one voice: the console's preview route (the API's free, fixed greeting). */
export function VoicePreview({
  orgId,
  voiceId,
  name,
}: {
  orgId: string;
  voiceId: string;
  name: string;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState('');
  return (
    <span className="voice-preview">
      <button
        className="button secondary"
        type="button"
        aria-label={`Play a preview of ${name}`}
        onClick={async () => {
          const element = audio.current!;
          element.src = `/console/api/orgs/${orgId}/voices/${encodeURIComponent(voiceId)}/preview`;
          setStatus('Loading…');
          try {
            await element.play();
          } catch {
            setStatus('The preview could not be played. Try again in a moment.');
          }
        }}
      >
        Play
      </button>{' '}
      <span role="status" data-testid={`preview-status-${voiceId}`}>
        {status}
      </span>
      <audio
        ref={audio}
        preload="none"
        onPlaying={() => setStatus('Playing')}
        onEnded={() => setStatus('Played')}
      />
    </span>
  );
}
