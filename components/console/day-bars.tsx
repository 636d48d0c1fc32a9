import escape from 'escape-html';

/** One day's bar: its label for the table and the value the bar's height is drawn from. */
export interface DayBar {
  day: string;
  value: number;
  /** The value as the table says it ("3 calls", "$0.42"). */
  text: string;
}

/** A bar's height: its share of the tallest, at least a sliver when it is not zero. */
const heightOf = (bar: DayBar, top: number) =>
  top > 0 ? `${Math.max((bar.value / top) * 100, bar.value > 0 ? 2 : 0)}%` : '0';

/** The bars as HTML: the markup JSX gave them (class, data-value, title, style), escaped. */
export const dayBarsHtml = (bars: DayBar[], top: number): string =>
  bars
    .map(
      (bar) =>
        `<span class="day-bar" data-value="${bar.value}" title="${escape(`${bar.day}: ${bar.text}`)}" style="height:${heightOf(bar, top)}"></span>`,
    )
    .join('');

/** The figures table's rows as HTML, escaped. */
export const dayRowsHtml = (bars: DayBar[]): string =>
  bars
    .map((bar) => `<tr><th scope="row">${escape(bar.day)}</th><td>${escape(bar.text)}</td></tr>`)
    .join('');

/**
 * A bar chart of days in plain CSS (no chart library, nothing to hydrate). The bars are a picture
 * for sighted readers (hidden from assistive technology); the same figures are in the table
 * under it, folded away in a `details`, which is the chart's text alternative. Bars and rows go
 * out as strings: as four charts' ~500 elements they were a third of the overview's render cost.
 */
export function DayBars({
  title,
  bars,
  testId,
}: {
  title: string;
  bars: DayBar[];
  testId: string;
}) {
  const top = Math.max(...bars.map((bar) => bar.value), 0);
  return (
    <figure className="day-bars" data-testid={testId}>
      <figcaption>{title}</figcaption>
      <div
        className="day-bars-plot"
        aria-hidden="true"
        dangerouslySetInnerHTML={{ __html: dayBarsHtml(bars, top) }}
      />
      <p className="day-bars-axis meta" aria-hidden="true">
        <span>{bars[0]?.day}</span>
        <span>{bars.at(-1)?.day}</span>
      </p>
      <details>
        <summary>{title}: the figures by day</summary>
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody dangerouslySetInnerHTML={{ __html: dayRowsHtml(bars) }} />
          </table>
        </div>
      </details>
    </figure>
  );
}
