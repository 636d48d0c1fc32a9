import type { ConsoleCallFilters } from '@/schemas/console';
import type { ListCallsQuery } from '../calls';

const DAY_MS = 86_400_000;

/** The console's filters as the calls listing's query; `to` is a whole day, so it ends a day later. */
export function callFilterQuery(filters: ConsoleCallFilters, limit: number): ListCallsQuery {
  return {
    limit,
    cursor: filters.cursor,
    status: filters.status,
    batch_id: filters.batch_id,
    phone_number: filters.phone_number,
    ended_by: filters.ended_by,
    direction: filters.direction,
    from: filters.from ? new Date(`${filters.from}T00:00:00Z`) : undefined,
    to: filters.to ? new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS) : undefined,
  };
}
