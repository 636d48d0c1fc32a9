import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dayBarsHtml, dayRowsHtml, type DayBar } from '@/components/console/day-bars';

// The overview's charts went from JSX to strings: the markup must be what React wrote.
const bars: DayBar[] = [
  { day: '2026-11-03', value: 0, text: '0 calls' },
  { day: '2026-11-04', value: 1, text: '$0.01 <"&\'>' },
  { day: '2026-11-05', value: 120, text: '120 calls' },
];

// React writes an apostrophe as &#x27;, escape-html as &#39;: the same character.
const same = (html: string) => html.replaceAll('&#x27;', '&#39;');

/** As the chart rendered them in JSX before. */
const jsx = (list: DayBar[], top: number) =>
  renderToStaticMarkup(
    h(
      'div',
      null,
      ...list.map((bar) =>
        h('span', {
          key: bar.day,
          className: 'day-bar',
          'data-value': bar.value,
          title: `${bar.day}: ${bar.text}`,
          style: {
            height: top > 0 ? `${Math.max((bar.value / top) * 100, bar.value > 0 ? 2 : 0)}%` : 0,
          },
        }),
      ),
    ),
  );
const jsxRows = () =>
  renderToStaticMarkup(
    h(
      'tbody',
      null,
      ...bars.map((bar) =>
        h('tr', { key: bar.day }, h('th', { scope: 'row' }, bar.day), h('td', null, bar.text)),
      ),
    ),
  );

describe("the overview's day bars as strings", () => {
  it('write the bars as React did: heights against the tallest, a sliver for small values, escaped titles', () => {
    expect(`<div>${dayBarsHtml(bars, 120)}</div>`).toBe(same(jsx(bars, 120)));
    expect(dayBarsHtml(bars, 120)).toContain('style="height:2%"');
    // Nothing on any day: every bar flat.
    const flat = bars.map((bar) => ({ ...bar, value: 0 }));
    expect(`<div>${dayBarsHtml(flat, 0)}</div>`).toBe(same(jsx(flat, 0)));
  });

  it('write the figures table rows as React did, escaped', () => {
    expect(`<tbody>${dayRowsHtml(bars)}</tbody>`).toBe(same(jsxRows()));
  });
});
