import type { z } from 'zod';
import type { CallListItem } from '@/schemas/calls';

type Call = Pick<
  z.infer<typeof CallListItem>,
  | 'call_id'
  | 'created_at'
  | 'to'
  | 'status'
  | 'queue_status'
  | 'call_ended_by'
  | 'corrected_duration'
  | 'price'
>;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** One row of the calls table as HTML: the same markup JSX would give, every value escaped. */
export function callRowHtml(orgId: string, call: Call): string {
  const cells = [
    call.to,
    call.status,
    call.call_ended_by ?? '—',
    call.corrected_duration ? `${call.corrected_duration} s` : '—',
    call.price == null ? '—' : `$${call.price.toFixed(2)}`,
  ];
  const href = `/console/orgs/${encodeURIComponent(orgId)}/calls/${encodeURIComponent(call.call_id)}`;
  const created = (call.created_at ?? '').slice(0, 19).replace('T', ' ');
  return (
    `<tr data-testid="call-row" data-status="${escapeHtml(call.queue_status)}">` +
    `<td><a href="${escapeHtml(href)}">${escapeHtml(created)}</a></td>` +
    cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('') +
    '</tr>'
  );
}

/**
 * The calls table's body. The rows are plain markup with nothing to hydrate, so they go out as
 * one string: as 400 elements (8 a row) they were most of the page's render cost, serialized
 * into the RSC payload, decoded again and rendered to HTML on every request.
 */
export function CallRows({ orgId, calls }: { orgId: string; calls: Call[] }) {
  return (
    <tbody dangerouslySetInnerHTML={{ __html: calls.map((c) => callRowHtml(orgId, c)).join('') }} />
  );
}
