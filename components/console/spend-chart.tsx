'use client';

import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

export interface SpendDay {
  day: string;
  calls: number;
  speech: number;
}

const usd = (value: unknown) => `$${Number(value).toFixed(2)}`;

/**
 * Spend per day, calls and speech stacked. Decorative for assistive technology: the page puts the
 * same figures in a table right below it.
 */
export function SpendChart({ days }: { days: SpendDay[] }) {
  return (
    <div className="spend-chart" aria-hidden="true">
      <BarChart
        responsive
        data={days}
        style={{ width: '100%', height: 240 }}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke="var(--line)" vertical={false} />
        <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} stroke="var(--muted)" />
        <YAxis tickFormatter={usd} stroke="var(--muted)" width={64} />
        <Tooltip
          formatter={usd}
          contentStyle={{ background: 'var(--paper)', borderColor: 'var(--line)' }}
        />
        <Legend />
        <Bar dataKey="calls" name="Calls" stackId="spend" fill="var(--brand)" />
        <Bar dataKey="speech" name="Speech" stackId="spend" fill="var(--ok)" />
      </BarChart>
    </div>
  );
}
