import { AuditLogQuery } from './audit';
import { z } from './zod';
import { queueStatusValues } from './calls';
import { E164 } from './phone';

// The console's query strings: a GET form sends every field, unset ones as empty strings.
const blank = (value: unknown) => (value === '' ? undefined : value);
const day = z.preprocess(blank, z.iso.date().optional());

/** The calls list's filters (`/console/orgs/{org_id}/calls?…`) and its CSV export's. */
export const ConsoleCallFilters = z.object({
  status: z.preprocess(blank, z.enum(queueStatusValues).optional()),
  batch_id: z.preprocess(blank, z.uuid().optional()),
  from: day.describe('First day (UTC), inclusive.'),
  to: day.describe('Last day (UTC), inclusive.'),
  phone_number: z.preprocess(blank, E164.optional()),
  ended_by: z.preprocess(
    blank,
    z.enum(['ASSISTANT', 'USER', 'API', 'MAX_DURATION', 'SYSTEM']).optional(),
  ),
  cursor: z.preprocess(blank, z.string().max(200).optional()),
});
export type ConsoleCallFilters = z.infer<typeof ConsoleCallFilters>;

/** The audit log page's filters (`/console/orgs/{org_id}/audit?…`): GET /v1/audit-log's, blanks unset. */
export const ConsoleAuditFilters = z.object({
  action: z.preprocess(blank, AuditLogQuery.shape.action),
  actor: z.preprocess(blank, AuditLogQuery.shape.actor),
  cursor: z.preprocess(blank, AuditLogQuery.shape.cursor),
});
