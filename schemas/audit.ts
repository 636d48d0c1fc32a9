import { auditActorTypes } from './stored-values';
import { STORABLE, storable } from './text';
import { z } from './zod';

export const AuditLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('1–200, default 50.'),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'must be a next_cursor value')
    .optional()
    .describe('next_cursor from the previous page.'),
  action: z
    .string()
    .max(64)
    .refine(storable, STORABLE)
    .optional()
    .describe('Only this action, e.g. `key.create`.'),
  actor: z
    .string()
    .max(128)
    .refine(storable, STORABLE)
    .optional()
    .describe('Only this actor id (a user id or an API key id).'),
});

export const AuditEvent = z
  .object({
    id: z.string().describe('Increasing; newest first in lists.'),
    at: z.iso.datetime(),
    actor: z.object({
      type: z.enum(auditActorTypes),
      id: z
        .string()
        .nullable()
        .describe(
          'User id, API key id, onboarding id or OAuth client id; null for the admin and the system (payment events).',
        ),
    }),
    action: z
      .string()
      .describe(
        'e.g. member.add, invitation.create, key.rotate, agent.approve, oauth.grant, oauth.revoke, org.update.',
      ),
    target: z.object({ type: z.string(), id: z.string() }).nullable(),
    before: z.unknown().nullable().describe('The changed fields before (never secrets).'),
    after: z.unknown().nullable().describe('The changed fields after (never secrets).'),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEvent' });

export const AuditLogResponse = z
  .object({
    events: z.array(AuditEvent).describe('Newest first.'),
    next_cursor: z
      .string()
      .nullable()
      .describe('Pass as cursor for the next page; null at the end.'),
  })
  .meta({ id: 'AuditLogResponse' });
