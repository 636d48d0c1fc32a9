import { STORABLE, storable } from './text';
import { z } from './zod';

export const VoiceObject = z
  .object({
    id: z
      .string()
      .describe(
        'Stable voice id: a catalogue persona ("ava"), a raw engine voice ("en-gb+f3") or a clone UUID.',
      ),
    name: z.string().describe('Display name.'),
    description: z
      .string()
      .describe('What the voice sounds like (for a clone: what it is made of).'),
    public: z
      .boolean()
      .describe('True for catalogue and engine voices; false for your own clones.'),
    tags: z.array(z.string()).describe('Labels such as female, british, clone, instant, V3.'),
    language: z.string().describe('Language tag, e.g. en-US.'),
    kind: z
      .enum(['catalogue', 'engine', 'instant', 'professional'])
      .describe('Catalogue persona, raw engine voice, or your instant or professional clone.'),
    state: z
      .enum(['draft', 'live'])
      .describe(
        'live: usable on every speech surface and in calls. draft: a professional clone that can only be previewed.',
      ),
    clone: z
      .object({
        generation: z
          .enum(['V2', 'V3'])
          .describe('Every clone made now is V3; only V3 instant clones count against the limit.'),
        engine_voice: z.string().describe('The engine voice the clone is mapped onto.'),
        pitch: z.int().describe('eSpeak-NG pitch setting 0–100 (50 = the base voice).'),
        speed: z.number().describe('Speaking-rate multiplier applied on top of the caller speed.'),
        measured: z
          .object({
            pitch_hz: z
              .number()
              .nullable()
              .describe('Median fundamental frequency of the samples (YIN), null if unvoiced.'),
            syllables_per_second: z
              .number()
              .nullable()
              .describe('Syllable nuclei per second of speech, null when the audio does not tell.'),
            sample_seconds: z.number().describe('Total length of the samples.'),
            samples: z.int().describe('Number of samples uploaded.'),
          })
          .describe('What was measured from the uploaded audio (the audio itself is not kept).'),
        review: z
          .object({
            status: z.enum(['pending', 'approved', 'rejected']),
            note: z.string().nullable(),
            reviewed_at: z.iso.datetime().nullable(),
          })
          .describe('The consent-and-rights review (needed to promote a professional clone).'),
        created_at: z.iso.datetime(),
        promoted_at: z.iso.datetime().nullable(),
      })
      .optional()
      .describe('Present on your own clones only.'),
  })
  .meta({ id: 'Voice' });
export type VoiceBody = z.output<typeof VoiceObject>;

export const VoiceListQuery = z
  .object({
    include_engine: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true')
      .describe('true also lists the raw engine voices (148 eSpeak-NG voices). Default false.'),
  })
  .meta({ id: 'VoiceListQuery' });

export const VoiceListResponse = z
  .object({
    voices: z
      .array(VoiceObject)
      .describe(
        'Catalogue personas, then your clones (newest first), then engine voices if asked.',
      ),
  })
  .meta({ id: 'VoiceListResponse' });

export const CloneUpload = z
  .object({
    name: z
      .string()
      .min(1)
      .max(30)
      .regex(/\S/)
      .refine(storable, STORABLE)
      .describe('Name of the clone, 1–30 characters, not only spaces.'),
    description: z
      .string()
      .max(500)
      .refine(storable, STORABLE)
      .optional()
      .describe('Optional description, ≤ 500 characters.'),
    audio_samples: z
      .array(z.string().openapi({ format: 'binary' }))
      .min(1)
      .max(10)
      .describe(
        '1–10 WAV files (PCM or float, 8–192 kHz, any channel count), each 1–60 s and ≤ 10 MB, ≤ 25 MB together.',
      ),
  })
  .meta({ id: 'CloneUpload' });

export const ProfessionalCloneUpload = CloneUpload.extend({
  consent_recording: z
    .string()
    .openapi({ format: 'binary' })
    .optional()
    .describe(
      'The speaker reading the consent statement aloud: one WAV file checked as a sample (1–60 s, ≤ 10 MB). ' +
        'It is stored with the draft for the consent-and-rights review; a draft without it cannot be promoted.',
    ),
}).meta({ id: 'ProfessionalCloneUpload' });

export const CloneResponse = z
  .object({
    voice_id: z
      .uuid()
      .describe('The clone id: use it as `voice` / `voice_id` on speech surfaces and calls.'),
    name: z.string(),
    kind: z.enum(['instant', 'professional']),
    state: z
      .enum(['draft', 'live'])
      .describe('Instant clones are live; professional clones start as draft.'),
    generation: z.literal('V3'),
  })
  .meta({ id: 'CloneResponse' });

export const PreviewRequest = z
  .object({
    text: z
      .string()
      .trim()
      .min(1)
      .regex(/\S/)
      .max(500)
      .refine(storable, STORABLE)
      .optional()
      .describe('Up to 500 characters; default a short greeting.'),
  })
  .meta({ id: 'PreviewRequest' });

export const VoiceDeleteResponse = z
  .object({ voice_id: z.uuid(), deleted: z.literal(true) })
  .meta({ id: 'VoiceDeleteResponse' });

export const CloneReviewRequest = z
  .object({
    approved: z.boolean().describe('True when consent and rights are established.'),
    note: z
      .string()
      .trim()
      .max(1_000)
      .nullish()
      .describe('Reviewer note, shown to the organization.'),
  })
  .meta({ id: 'CloneReviewRequest' });

/** The console's clone form, beside the samples: which kind, and who consented. */
export const ConsoleCloneFields = z.object({
  kind: z
    .enum(['instant', 'professional'])
    .describe('instant: live at once; professional: a draft.'),
  consent_speaker: z
    .string()
    .trim()
    .min(1, 'name the speaker whose voice this is')
    .max(100)
    .refine(storable, STORABLE)
    .describe('The speaker who consented to this clone.'),
  consent: z
    .literal('yes', { error: 'tick the box to confirm the speaker consented' })
    .describe('The tick: the speaker consented to having their voice cloned.'),
});
export type ConsoleCloneFields = z.infer<typeof ConsoleCloneFields>;
