'use client';

import { Bar, BarChart as Chart, CartesianGrid, XAxis, YAxis } from 'recharts';

/**
 * One bar chart of counts. It is a picture for sighted readers only (hidden from assistive
 * technology): each page puts the same figures in a table beside it.
 */
export function BarChart({
  data,
  testId,
}: {
  data: { name: string; count: number }[];
  testId: string;
}) {
  return (
    <div className="chart" aria-hidden="true" data-testid={testId}>
      <Chart
        responsive
        data={data}
        accessibilityLayer={false}
        style={{ width: '100%', height: '14rem' }}
        margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
      >
        <CartesianGrid vertical={false} strokeDasharray="3 3" />
        <XAxis dataKey="name" tick={{ fill: 'currentColor', fontSize: 12 }} interval={0} />
        <YAxis allowDecimals={false} width={40} tick={{ fill: 'currentColor', fontSize: 12 }} />
        <Bar dataKey="count" isAnimationActive={false} fill="currentColor" className="chart-bar" />
      </Chart>
    </div>
  );
}
