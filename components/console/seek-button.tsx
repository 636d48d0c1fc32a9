'use client';

/**
 * A transcript line's time as a button: it plays the call's recording (the page's
 * `[data-testid="recording"]` player) from there.
 */
export function SeekButton({
  seconds,
  label,
  text,
}: {
  seconds: number;
  label: string;
  text: string;
}) {
  return (
    <button
      type="button"
      className="link-button"
      aria-label={`Play the recording from ${label}`}
      data-seconds={seconds}
      onClick={() => {
        const audio = document.querySelector<HTMLAudioElement>('audio[data-testid="recording"]');
        if (!audio) return;
        audio.currentTime = seconds;
        void audio.play().catch(() => undefined);
      }}
    >
      {text}
    </button>
  );
}
