'use client';

import { useEffect, useRef, useState } from 'react';
import { recordingToWav } from './audio-to-wav';

const MAX_SECONDS = 60;

/**
 * Records from the microphone with MediaRecorder, then offers the take to listen back; `onChange`
 * gets it as a WAV (or null when discarded). The page says how long it ran; it stops at 60 s.
 */
export function VoiceRecorder({
  id,
  label,
  onChange,
}: {
  id: string;
  label: string;
  onChange: (wav: Blob | null) => void;
}) {
  const recorder = useRef<MediaRecorder | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [state, setState] = useState<'idle' | 'recording' | 'done'>('idle');
  const [url, setUrl] = useState<string | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (state !== 'recording') return;
    const started = Date.now();
    const timer = setInterval(() => {
      const elapsed = Math.floor((Date.now() - started) / 1000);
      setSeconds(elapsed);
      if (elapsed >= MAX_SECONDS) recorder.current?.stop();
    }, 250);
    return () => clearInterval(timer);
  }, [state]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  async function start() {
    setMessage('');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setMessage('The browser gave no microphone. Allow it for this site, or upload a WAV file.');
      return;
    }
    const chunks: Blob[] = [];
    const media = new MediaRecorder(stream);
    media.ondataavailable = (event) => chunks.push(event.data);
    media.onstop = async () => {
      stream.getTracks().forEach((track) => track.stop());
      try {
        const { wav, seconds: length } = await recordingToWav(
          new Blob(chunks, { type: media.mimeType }),
        );
        setSeconds(Math.round(length * 10) / 10);
        setUrl(URL.createObjectURL(wav));
        setState('done');
        onChange(wav);
      } catch {
        setState('idle');
        setMessage('The recording could not be read. Record again, or upload a WAV file.');
      }
    };
    recorder.current = media;
    media.start();
    setSeconds(0);
    setState('recording');
  }

  return (
    <fieldset className="recorder">
      <legend>{label}</legend>
      {state === 'recording' ? (
        <button className="button" type="button" onClick={() => recorder.current?.stop()}>
          Stop recording
        </button>
      ) : (
        <button className="button" type="button" onClick={start} aria-describedby={`${id}-state`}>
          {state === 'done' ? 'Record again' : 'Start recording'}
        </button>
      )}{' '}
      <span id={`${id}-state`} role="status" data-testid={`${id}-state`}>
        {state === 'recording'
          ? `Recording: ${seconds} s`
          : state === 'done'
            ? `Recorded ${seconds} s. Listen back below.`
            : message}
      </span>
      {state === 'done' && url ? (
        <p>
          <audio controls src={url} aria-label={`${label}: your recording`} />{' '}
          <button
            className="button secondary"
            type="button"
            onClick={() => {
              setState('idle');
              setUrl(null);
              onChange(null);
            }}
          >
            Discard
          </button>
        </p>
      ) : null}
    </fieldset>
  );
}
