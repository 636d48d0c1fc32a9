import { z } from 'zod';

/** Frames a client sends on /v2/tts/ws (JSON text frames). */
export const ClientFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('init'),
    voice: z.string().trim().min(1).max(100),
    audio: z
      .object({
        encoding: z.enum(['pcm_s16le', 'mulaw']).default('pcm_s16le'),
        sample_rate: z.int().min(8000).max(48000).default(24000),
      })
      .refine((a) => a.encoding !== 'mulaw' || a.sample_rate === 8000, {
        message: 'μ-law audio is 8000 Hz only',
        path: ['sample_rate'],
      })
      .optional(),
    controls: z.object({ speed: z.number().min(0.5).max(2).optional() }).optional(),
  }),
  z.object({
    type: z.literal('speak'),
    context_id: z.string().min(1).max(200),
    text: z.string().trim().min(1).max(5_000),
  }),
  z.object({ type: z.literal('end_of_turn'), context_id: z.string().max(200).optional() }),
  z.object({ type: z.literal('cancel'), context_id: z.string().max(200).optional() }),
  z.object({ type: z.literal('close') }),
]);
export type ClientFrame = z.infer<typeof ClientFrame>;

export type ServerFrame =
  | { type: 'ready'; session_id: string; encoding: string; sample_rate: number }
  | { type: 'utterance_start'; context_id: string }
  | {
      type: 'utterance_end';
      context_id: string;
      reason: 'complete' | 'cancelled' | 'preempted' | 'error';
    }
  | {
      type: 'error';
      code: string;
      message: string;
      kind?: string;
      limit?: number;
      retry_after?: number;
    }
  | { type: 'done' };
