import { raisableLimits } from './stored-values';
import { z } from './zod';

/** The console's raise request form. */
export const RaiseRequestBody = z.object({
  limit: z.enum(raisableLimits),
  wanted: z.coerce.number().int().min(1).max(100_000),
  expected_volume: z.string().trim().min(1).max(500),
  reason: z.string().trim().min(1).max(2000),
});
export type RaiseRequestBody = z.infer<typeof RaiseRequestBody>;

/** An operator's answer (admin API and CLI). */
export const RaiseAnswerBody = z.object({
  decision: z.enum(['approve', 'deny']),
  note: z.string().trim().max(2000).optional(),
});
export type RaiseAnswerBody = z.infer<typeof RaiseAnswerBody>;
