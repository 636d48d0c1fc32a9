import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  CallWebhookEvent,
  ResendWebhooksRequest,
  ResendWebhooksResponse,
  WebhookDeliveryLog,
} from '../../webhooks';
import { z } from '../../zod';
import { authErrors, bearer, error, json, tooLarge } from './voice-common';

export function registerCallWebhookPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/v1/postcall/webhooks/{call_id}',
    operationId: 'getWebhookDeliveries',
    tags: ['Webhooks'],
    summary: 'The post-call webhook delivery log of a call',
    security: bearer,
    request: { params: z.object({ call_id: z.uuid() }) },
    responses: {
      200: json(WebhookDeliveryLog, 'Every delivery with every attempt.'),
      404: error('NOT_FOUND: no call of this organization has this id.'),
      ...authErrors,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/v1/postcall/webhooks/resend',
    operationId: 'resendWebhooks',
    tags: ['Webhooks'],
    summary: 'Deliver the post-call webhook of ended calls again',
    description:
      'Queues a new delivery (a new `webhook-id`) for each ended call that has a webhook; other ids are listed under `skipped`.',
    security: bearer,
    request: {
      body: { required: true, content: { 'application/json': { schema: ResendWebhooksRequest } } },
    },
    responses: {
      200: json(ResendWebhooksResponse, 'Queued.'),
      400: error('INVALID_BODY: call_ids must be 1–1000 UUIDs.'),
      ...tooLarge,
      ...authErrors,
    },
  });
  registry.registerWebhook({
    method: 'post',
    path: 'call.completed',
    operationId: 'callCompletedWebhook',
    tags: ['Webhooks'],
    summary: 'Post-call payload, sent to the call’s `webhook` when it ends',
    description:
      'Signed per Standard Webhooks (https://www.standardwebhooks.com/) with the organization’s own ' +
      'webhook signing secret (`whsec_…`, from the admin). `webhook-id` is the same on every retry of a ' +
      'delivery, so receivers can drop repeats. A 2xx acknowledges; any other status or no answer within ' +
      '15 s is retried with backoff (about 5 s, 30 s, 2 min, 10 min, 30 min, then hourly and slower) for ' +
      'up to 24 hours; 410 Gone stops retries. Redirects are not followed, and receivers resolving to ' +
      'loopback, private, link-local, multicast or metadata addresses are refused.',
    request: {
      headers: z.object({
        'webhook-id': z.string().describe('Stable per delivery.'),
        'webhook-timestamp': z.string().describe('Unix seconds at signing.'),
        'webhook-signature': z
          .string()
          .describe('`v1,<base64 HMAC-SHA256>` over id.timestamp.body.'),
      }),
      body: { required: true, content: { 'application/json': { schema: CallWebhookEvent } } },
    },
    responses: { 200: { description: 'Any 2xx status acknowledges the delivery.' } },
  });
  registry.registerWebhook({
    method: 'post',
    path: 'call.analyzed',
    operationId: 'callAnalyzedWebhook',
    tags: ['Webhooks'],
    summary:
      'The call’s record again, sent to its `webhook` after POST /v1/calls/{call_id}/analyze',
    description:
      'Sent when the analysis of an ended call was run again: `type` is `call.analyzed` and `data` the ' +
      'call detail with the new `analysis`. Signed, retried and filtered as `call.completed`, with a ' +
      '`webhook-id` of its own.',
    request: {
      body: { required: true, content: { 'application/json': { schema: CallWebhookEvent } } },
    },
    responses: { 200: { description: 'Any 2xx status acknowledges the delivery.' } },
  });
}
