'use client';

import dynamic from 'next/dynamic';

/**
 * The spend chart, fetched after the page is interactive: recharts is ~120 KB compressed, more
 * than the rest of the page's script, and the table below the chart already holds its figures.
 */
export const SpendChartLazy = dynamic(() => import('./spend-chart').then((m) => m.SpendChart), {
  ssr: false,
  loading: () => <div className="spend-chart" aria-hidden="true" />,
});
