import type { PhoneNumberBody } from '@/schemas/numbers';
import { microsToUsd } from '../../platform/money';
import type { NumberRow } from './find-number';

export function renderNumber(row: NumberRow): PhoneNumberBody {
  return {
    number: row.number,
    source: row.source,
    sandbox: row.source === 'sandbox',
    label: row.label,
    inbound_agent_id: row.inboundAgentId,
    monthly_fee: microsToUsd(row.monthlyFeeMicros),
    paid_until: row.paidUntil.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}
