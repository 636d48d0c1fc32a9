import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { callRowHtml } from '@/components/console/call-rows';
import { formatTime } from '@/lib/console/format-time';
import { statusWord } from '@/lib/console/status-words';

type Call = Parameters<typeof callRowHtml>[1];
const ORG = '00000000-0000-4000-8000-0000000000aa';
const call = (fields: Partial<Call>): Call => ({
  call_id: '00000000-0000-4000-8000-000000000001',
  created_at: '2026-03-02T10:00:00.000Z',
  to: '+14155550123',
  queue_status: 'complete',
  call_ended_by: 'USER',
  corrected_duration: '42',
  price: 0.09,
  ...fields,
});

/** The row as the calls page wrote it in JSX before it became one string. */
const jsxRow = (c: Call) =>
  renderToStaticMarkup(
    h(
      'tr',
      { 'data-testid': 'call-row', 'data-status': c.queue_status },
      h(
        'td',
        null,
        h(
          'a',
          { href: `/console/orgs/${ORG}/calls/${c.call_id}` },
          c.created_at ? formatTime(c.created_at, '', { seconds: true }) : '',
        ),
      ),
      h('td', null, c.to),
      h('td', null, statusWord(c.queue_status)),
      h('td', null, c.call_ended_by ?? '—'),
      h('td', null, c.corrected_duration ? `${c.corrected_duration} s` : '—'),
      h('td', null, c.price == null ? '—' : `$${c.price.toFixed(2)}`),
    ),
  );

describe('the calls table rows as one string', () => {
  it('is the markup React gives for the same row', () => {
    for (const c of [
      call({}),
      call({ call_ended_by: null, corrected_duration: null, price: null, queue_status: 'queued' }),
      // What the list's Partial type allows: absent values are left out as React leaves them.
      { call_id: '00000000-0000-4000-8000-000000000002' },
    ])
      expect(callRowHtml(ORG, c)).toBe(jsxRow(c));
  });

  it('escapes every value, as React would', () => {
    const hostile = call({ to: `<img src=x onerror=alert(1)>"'&` });
    const html = callRowHtml(ORG, hostile);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
  });
});
