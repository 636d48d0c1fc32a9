// CMS text (titles, author names, excerpts) is editor data. Where it lands inside a markdown
// document it must stay plain text on one line: no second heading, no list, no link, no HTML.

/** Every line break and run of whitespace (CR, LF, tab, U+2028/9, NEL, …) becomes one space. */
export function toOneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

// Inline markdown syntax: emphasis, code, links/images, autolinks, tables, strikethrough,
// escapes and a heading's closing sequence. `!`, `(` and `)` only matter next to an escaped `[`/`]`.
const INLINE = /[\\`*_[\]#|~]/g;
// HTML: entities keep `<b>` and `&lt;` from ever being read as markup or as an entity.
const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * One line of plain text, safe in any markdown position (heading text, a byline, a blockquote):
 * line breaks collapsed, markdown and HTML metacharacters neutralised, and a leading block
 * marker (`-`, `+`, `1.`, `1)`, `=`) escaped so the line cannot start a list or a setext rule.
 */
export function escapeMarkdownText(text: string): string {
  const escaped = toOneLine(text)
    .replace(/[&<>]/g, (c) => HTML[c]!)
    .replace(INLINE, (c) => `\\${c}`);
  return escaped.replace(
    /^([-+=])|^(\d+)([.)])/,
    (_m, marker: string, digits: string, dot: string) =>
      marker ? `\\${marker}` : `${digits}\\${dot}`,
  );
}
