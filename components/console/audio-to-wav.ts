/**
 * A recording (MediaRecorder's WebM/Opus or anything the browser decodes) as a 16-bit mono WAV:
 * the clone routes read PCM WAV only, so the browser decodes and re-encodes before uploading.
 */
export async function recordingToWav(recording: Blob): Promise<{ wav: Blob; seconds: number }> {
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await recording.arrayBuffer());
    const mono = new Float32Array(audio.length);
    for (let c = 0; c < audio.numberOfChannels; c++) {
      const channel = audio.getChannelData(c);
      for (let i = 0; i < mono.length; i++) mono[i]! += channel[i]! / audio.numberOfChannels;
    }
    const wav = new Blob([wavBytes(mono, audio.sampleRate)], { type: 'audio/wav' });
    return { wav, seconds: audio.duration };
  } finally {
    void context.close();
  }
}

/** RIFF/WAVE with one fmt chunk (PCM, mono, 16 bit) and one data chunk. */
function wavBytes(samples: Float32Array, sampleRate: number): ArrayBuffer {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const ascii = (at: number, text: string) =>
    [...text].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((s, i) => {
    const clamped = Math.max(-1, Math.min(1, s));
    view.setInt16(44 + i * 2, Math.round(clamped * 32767), true);
  });
  return buffer;
}
