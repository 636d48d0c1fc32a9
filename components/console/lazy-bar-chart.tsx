'use client';

import dynamic from 'next/dynamic';

/**
 * The bar chart, loaded after the page: recharts is ~100 KB compressed, and the tables beside each
 * chart already carry the figures, so the page is usable (and within its JavaScript budget)
 * before the pictures arrive.
 */
export const LazyBarChart = dynamic(() => import('./bar-chart').then((m) => m.BarChart), {
  ssr: false,
  loading: () => <div className="chart chart-loading" aria-hidden="true" />,
});
