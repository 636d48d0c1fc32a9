/** One day's bar: its label for the table and the value the bar's height is drawn from. */
export interface DayBar {
  day: string;
  value: number;
  /** The value as the table says it ("3 calls", "$0.42"). */
  text: string;
}

/**
 * A bar chart of days in plain CSS (no chart library, nothing to hydrate). The bars are a picture
 * for sighted readers (hidden from assistive technology); the same figures are in the table
 * under it, folded away in a `details`, which is the chart's text alternative.
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
      <div className="day-bars-plot" aria-hidden="true">
        {bars.map((bar) => (
          <span
            key={bar.day}
            className="day-bar"
            data-value={bar.value}
            title={`${bar.day}: ${bar.text}`}
            style={{
              height: top > 0 ? `${Math.max((bar.value / top) * 100, bar.value > 0 ? 2 : 0)}%` : 0,
            }}
          />
        ))}
      </div>
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
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.day}>
                  <th scope="row">{bar.day}</th>
                  <td>{bar.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
