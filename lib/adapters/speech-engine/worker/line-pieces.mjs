// Text as eSpeak-NG's stdin takes it, for the speech worker (espeak-worker.mjs): escaped and cut
// into lines its reader accepts.

// SSML is on (-m) and `[[` starts phoneme input, so markup characters become entities and "[" is
// kept from doubling; control characters (\x01 starts an embedded command) become spaces.
const ESCAPES = new Map([
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['[', '[ '],
]);
function escapeChar(char) {
  return ESCAPES.get(char) ?? (char < ' ' || char === '\u007f' ? ' ' : char);
}

export const byteLength = (text) => Buffer.byteLength(text, 'utf8');

/**
 * The text escaped, in pieces of at most `budget` bytes, cut between words where there are any.
 * Byte counts are kept as the pieces grow, so each character is measured once.
 */
export function linePieces(text, budget) {
  const pieces = [];
  let piece = '';
  let pieceBytes = 0;
  const add = (part, partBytes) => {
    if (piece && pieceBytes + 1 + partBytes <= budget) {
      piece += ` ${part}`;
      pieceBytes += 1 + partBytes;
    } else {
      if (piece) pieces.push(piece);
      piece = part;
      pieceBytes = partBytes;
    }
  };
  for (const word of text.split(/\s+/)) {
    let part = '';
    let partBytes = 0;
    for (const char of word) {
      const escaped = escapeChar(char);
      const bytes = byteLength(escaped);
      if (partBytes + bytes > budget) {
        add(part, partBytes);
        part = '';
        partBytes = 0;
      }
      part += escaped;
      partBytes += bytes;
    }
    if (part.trim()) add(part, partBytes);
  }
  if (piece) pieces.push(piece);
  return pieces;
}
