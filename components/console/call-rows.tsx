import escape from 'escape-html';
import { formatTime } from '@/lib/console/format-time';
import { statusWord } from '@/lib/console/status-words';
import type { CallDetailBody } from '@/schemas/call-detail';

/** A call as the list hands it out (`listCallPage`): any field may be absent. */
export type Call = Pick<
  Partial<CallDetailBody>,
  | 'call_id'
  | 'created_at'
  | 'to'
  | 'from'
  | 'direction'
  | 'queue_status'
  | 'call_ended_by'
  | 'corrected_duration'
  | 'price'
>;

// As React writes text: an absent value is nothing.
const escapeHtml = (value: string | undefined) => escape(value ?? '');

/** One row of the calls table as HTML: the same markup JSX would give, every value escaped. */
export function callRowHtml(orgId: string, call: Call): string {
  const cells = [
    // An inbound call's number is the caller's; ours (`to`) is the same on every such row.
    call.direction === 'inbound' ? `${call.from ?? 'Unknown caller'} (inbound)` : call.to,
    statusWord(call.queue_status),
    call.call_ended_by ?? '—',
    call.corrected_duration ? `${call.corrected_duration} s` : '—',
    call.price == null ? '—' : `$${call.price.toFixed(2)}`,
  ];
  const href = `/console/orgs/${orgId}/calls/${call.call_id}`;
  const created = call.created_at ? formatTime(call.created_at, '', { seconds: true }) : '';
  return (
    // React leaves out an attribute whose value is undefined.
    `<tr data-testid="call-row"${call.queue_status === undefined ? '' : ` data-status="${escapeHtml(call.queue_status)}"`}>` +
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
