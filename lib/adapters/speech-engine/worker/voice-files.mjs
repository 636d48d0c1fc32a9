// eSpeak-NG voice files for the speech worker (espeak-worker.mjs): the variant voices it adds to
// the engine's file system, and which file an engine voice name is served from.

/** Where the package's build embeds eSpeak-NG's data in its in-memory file system. */
export const DATA_DIR = '/usr/local/share/espeak-ng-data';
/** The female variant the engine offers for English voices (see buildVoiceTable). */
export const VARIANTS = ['f3'];

/**
 * SSML cannot pick a variant ("en-us+f3" selects plain "en-us"), so each English voice gets a voice
 * file of its own with the variant's lines appended, as eSpeak applies them when it loads a variant.
 */
export function addVariantVoices(fs, voices) {
  for (const variant of VARIANTS) {
    const extra = fs
      .readFile(`${DATA_DIR}/voices/!v/${variant}`, { encoding: 'utf8' })
      .split('\n')
      .filter((line) => !/^\s*(language|name)\b/.test(line));
    for (const voice of voices) {
      if (!voice.language.startsWith('en')) continue;
      const base = fs.readFile(`${DATA_DIR}/lang/${voice.identifier}`, { encoding: 'utf8' });
      fs.writeFile(
        `${DATA_DIR}/lang/${variantFileId(voice.identifier, variant)}`,
        [base, ...extra].join('\n'),
      );
    }
  }
}

function variantFileId(identifier, variant) {
  return `${identifier}_${variant}`;
}

/** The voice file an engine voice name ("gmw/en-US+f3") is served from. */
export function voiceFileId(espeakName) {
  const [identifier, variant] = espeakName.split('+');
  if (variant === undefined) return identifier;
  if (!VARIANTS.includes(variant)) throw new Error(`eSpeak-NG has no voice "${espeakName}"`);
  return variantFileId(identifier, variant);
}
