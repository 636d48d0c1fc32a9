import { CallDispatchRequest } from '@/schemas/calls';

const FIELDS = Object.keys(CallDispatchRequest.shape);

/**
 * A call's `request_data`: the dispatch parameters as the caller sent them (before defaults and
 * trimming), without the unknown fields the dispatch ignores. Only called on a body that passed
 * CallDispatchRequest, so every kept value is one the database can store.
 */
export function sentParams(body: unknown): Record<string, unknown> {
  const sent = body as Record<string, unknown>;
  return Object.fromEntries(FIELDS.filter((f) => sent[f] !== undefined).map((f) => [f, sent[f]]));
}
