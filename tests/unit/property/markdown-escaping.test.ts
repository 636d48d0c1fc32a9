// Editor text escaped into markdown stays exactly that text, on one line, with no markup, as a
// CommonMark parser (micromark) reads it: in a paragraph and in a heading.
import fc from 'fast-check';
import { micromark } from 'micromark';
import { describe, expect, it } from 'vitest';
import { escapeMarkdownText, toOneLine } from '@/lib/site/blog/escape-markdown-text';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };
const decode = (html: string) => html.replace(/&(amp|lt|gt|quot);/g, (e) => ENTITIES[e]!);

// Markdown's metacharacters and block markers, often and in every position, plus any text.
const METAS = [...'\\`*_[]()#|~!<>&-+=.:"\'\n\r\t 1)'];
const editorText = fc.oneof(
  fc.string({ unit: fc.constantFrom(...METAS, 'a', 'é', ' '), maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);
// CommonMark replaces U+0000 with U+FFFD; the CMS cannot hold one anyway.
const text = editorText.map((t) => t.replace(/\0/g, ''));

describe('escapeMarkdownText', () => {
  it('renders as one paragraph holding exactly the one-line text', () => {
    fc.assert(
      fc.property(text, (t) => {
        const html = micromark(escapeMarkdownText(t));
        const line = toOneLine(t);
        if (line === '') {
          expect(html).toBe('');
          return;
        }
        const match = /^<p>([^<]*)<\/p>$/.exec(html);
        expect(match, html).not.toBeNull();
        expect(decode(match![1]!)).toBe(line);
      }),
      { seed: 16, numRuns: 3000 },
    );
  });

  it('after "# " renders as one heading holding exactly the text', () => {
    fc.assert(
      fc.property(text, (t) => {
        const html = micromark(`# ${escapeMarkdownText(t)}`);
        const match = /^<h1>([^<]*)<\/h1>$/.exec(html);
        expect(match, html).not.toBeNull();
        expect(decode(match![1]!)).toBe(toOneLine(t));
      }),
      { seed: 16, numRuns: 3000 },
    );
  });
});
