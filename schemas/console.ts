import { AuditLogQuery } from './audit';
import { z } from './zod';
import { callEndedByValues, queueStatusValues } from './call-detail';
import { callDirections, deliveryStatuses } from './stored-values';
import { BatchCreateRequest } from './batches';
import { E164 } from './phone';
import { ResendWebhooksRequest } from './webhooks';

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
  ended_by: z.preprocess(blank, z.enum(callEndedByValues).optional()),
  direction: z.preprocess(blank, z.enum(callDirections).optional()),
  cursor: z.preprocess(blank, z.string().max(200).optional()),
});
export type ConsoleCallFilters = z.infer<typeof ConsoleCallFilters>;

/** The audit log page's filters (`/console/orgs/{org_id}/audit?…`): GET /v1/audit-log's, blanks unset. */
export const ConsoleAuditFilters = z.object({
  action: z.preprocess(blank, AuditLogQuery.shape.action),
  actor: z.preprocess(blank, AuditLogQuery.shape.actor),
  cursor: z.preprocess(blank, AuditLogQuery.shape.cursor),
});

/** The text fields of a batch import (`POST /console/api/orgs/{org_id}/batches`, multipart). */
export const ConsoleBatchImport = z.object({
  label: BatchCreateRequest.shape.label,
  // The console's import always has its own prompt (no saved agent there yet).
  base_prompt: BatchCreateRequest.shape.base_prompt.unwrap(),
});

/** The prompt a batch CSV template is made for (`GET …/batches/template?base_prompt=…`). */
export const ConsoleBatchTemplateQuery = z.object({
  base_prompt: z.string().max(20_000).default(''),
});

/** "Replay": a fresh delivery for each of these calls (`POST …/webhooks/resend`). */
export const ConsoleWebhookReplay = z.object({
  call_ids: ResendWebhooksRequest.shape.call_ids.max(100),
});

/** The webhooks page's filter and page (`/console/orgs/{org_id}/webhooks?status=…&cursor=…`). */
export const ConsoleDeliveryFilter = z.object({
  status: z.preprocess(blank, z.enum(deliveryStatuses).optional()),
  cursor: z.preprocess(blank, z.string().max(200).optional()),
});

/** "Call me" on an agent's page: the number the agent calls (`POST …/agents/{agent_id}/call`). */
export const ConsoleCallMe = z.object({ phone_number: z.string().trim().min(1).max(40) });
