import { touchKeys } from './touch-keys';
import { z } from './zod';

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export { touchKeys } from './touch-keys';

// Over-long attribution is cut, not refused (a lead is never lost to its tracking data), so the
// document states the limits in words: a maxLength would say longer values are invalid.
const touchValue = z.string().describe('Values longer than 1024 characters are truncated.');

export const AttributionTouch = z
  .object(
    Object.fromEntries(touchKeys.map((key) => [key, touchValue.optional()])) as Record<
      (typeof touchKeys)[number],
      z.ZodOptional<typeof touchValue>
    >,
  )
  .describe(
    'All optional; unknown keys are dropped server-side; each value truncated to 1024 characters.',
  )
  .meta({ id: 'AttributionTouch' });

export const LeadAttribution = z
  .object({
    first: AttributionTouch.optional().describe('First touch.'),
    last: AttributionTouch.optional().describe('Last touch.'),
    pageUri: z
      .string()
      .optional()
      .describe(
        'Page the form was submitted from; falls back to the Referer header. Truncated to 2048.',
      ),
    referrer: z.string().optional().describe('Document referrer. Truncated to 2048.'),
    crmutk: z
      .string()
      .optional()
      .describe(
        'CRM visitor-token cookie value; read from the `crmutk` cookie when omitted. Truncated to 256.',
      ),
  })
  .meta({ id: 'LeadAttribution' });

export const LeadFieldValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string()),
]);

export const LeadFieldValues = z
  .record(z.string(), LeadFieldValue)
  .describe(
    'Map from field name to value. Accepted keys and rules come from the form definition in the CMS; keys not on the form are dropped.',
  )
  .meta({ id: 'LeadFieldValues' });

export const LeadSubmissionRequest = z
  .object({
    formSlug: z.string().min(1).describe('Selects the form definition in the CMS.'),
    values: LeadFieldValues,
    botCheckToken: z.string().optional().describe('Bot-verification token; see Authentication.'),
    attribution: LeadAttribution.optional(),
    event_id: z
      .string()
      .meta({ format: 'uuid', pattern: UUID_V4.source })
      .optional()
      .describe(
        'Idempotency key (UUID v4). Replays return the original success envelope. Omitted or not a valid UUID v4: idempotency is off.',
      ),
  })
  .meta({ id: 'LeadSubmissionRequest' });

export const LeadPostSubmit = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('message'),
      message: z.string(),
      heading: z.string().optional(),
    }),
    z.object({
      kind: z.literal('redirect'),
      redirectUrl: z.url(),
      redirectDelaySeconds: z.number().min(0).optional(),
    }),
    z.object({
      kind: z.literal('default-scheduler'),
      schedulerUrl: z.string().optional().describe('Blank means a fallback is rendered.'),
      heading: z.string().optional(),
      subheading: z.string().optional(),
      minHeight: z.number().default(720).describe('Pixels.'),
      prefillFields: z.array(z.string()).default(['email', 'firstname', 'company']),
    }),
  ])
  .describe('What the client renders after success.')
  .meta({ id: 'LeadPostSubmit' });

export const LeadSuccessResponse = z
  .object({
    ok: z.literal(true),
    postSubmit: LeadPostSubmit.optional(),
    gtmEventName: z
      .string()
      .optional()
      .describe('Analytics event name the client pushes, when the form defines one.'),
    submissionId: z
      .string()
      .nullable()
      .optional()
      .describe(
        'Null when accepted but intentionally not stored (timing trap or blocklist). Null is not a failure.',
      ),
  })
  .describe(
    'When a standing deletion request suppresses capture, the whole body is `{ ok: true }`.',
  )
  .meta({ id: 'LeadSuccessResponse' });

export const LeadWebhookEvent = z
  .object({
    type: z.literal('lead.submitted'),
    timestamp: z.string().describe('ISO 8601 date-time at which this delivery was signed.'),
    data: z.object({
      submissionId: z.string().describe('The `submissionId` the submitter received.'),
      formSlug: z.string(),
      values: LeadFieldValues.describe(
        'The validated values, keyed by field name (phones in E.164; keys not on the form dropped).',
      ),
      attribution: LeadAttribution,
      createdAt: z.string().describe('ISO 8601 date-time at which the submission was stored.'),
    }),
  })
  .describe(
    'Body of the signed POST a lead form destination receives (Standard Webhooks envelope).',
  )
  .meta({ id: 'LeadWebhookEvent' });
