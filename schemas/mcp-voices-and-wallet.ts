// list_voices and generate_speech, get_balance_and_limits and create_top_up_link.
import { TopUpAmount, TopUpResponse } from './billing';
import { asInCreateCall, confirm } from './mcp-arguments';
import { AudioSpec, MP3_RATES, OPUS_RATES, ShareRequest } from './speech';
import { VoiceListResponse, VoiceObject } from './voices';
import { z } from './zod';

export const ListVoicesInput = z.object({
  include_engine: z
    .boolean()
    .default(false)
    .describe('Also the raw engine voices (100+ languages).'),
});

export const ListVoicesOutput = VoiceListResponse.extend({
  voices: z
    .array(
      VoiceObject.omit({ public: true }).extend({
        id: VoiceObject.shape.id.describe(
          'A persona ("ava"), engine voice ("en-gb+f3") or clone UUID.',
        ),
        description: VoiceObject.shape.description.describe('How it sounds.'),
        tags: VoiceObject.shape.tags.describe('e.g. female, british, clone.'),
        language: VoiceObject.shape.language.describe('e.g. en-US.'),
        kind: VoiceObject.shape.kind.describe('instant and professional: your clones.'),
        state: VoiceObject.shape.state.describe('draft: a clone that can only be previewed.'),
        public: VoiceObject.shape.public.describe('False for your clones.'),
        clone: z
          .looseObject({})
          .optional()
          .describe('Your clones only: engine voice, settings, measurements, review.'),
      }),
    )
    .describe('Personas, your clones (newest first), then engine voices if asked.'),
});

export const GenerateSpeechInput = ShareRequest.extend({
  text: ShareRequest.shape.text.describe('What to say, 1–5000 characters.'),
  voice: ShareRequest.shape.voice.describe('A voice id from list_voices.'),
  audio: AudioSpec.optional().describe(
    'Default WAV, 16-bit PCM, 24 kHz. mulaw: raw or wav, sample_rate 8000 sent. mp3: ' +
      `${MP3_RATES.join(', ')} Hz; ogg_opus: ${OPUS_RATES.join(', ')} Hz.`,
  ),
});
export const GenerateSpeechOutput = z.object({
  share_id: z.string(),
  url: z.url().describe('Plays the audio; each play is generated and billed to your org.'),
  characters: z.int().describe('Characters billed per play.'),
});

export const BalanceAndLimits = z.object({
  balance_usd: z.number().describe('What the wallet holds now.'),
  deposits_usd: z.number().describe('Everything ever deposited (the starting credit excluded).'),
  unlocked: z.boolean().describe('True once deposits reach unlock_deposits_usd: higher limits.'),
  unlock_deposits_usd: z.number(),
  limits: z.object({
    concurrency: z.int().describe('Speech generations in flight at once.'),
    instant_clones: z.int(),
    live_clones: z.int(),
    concurrent_calls: z.int(),
  }),
  speech_slots_in_use: z.int().describe('Speech generations in flight right now, every surface.'),
});

export const CreateTopUpLinkInput = z.object({
  amount_usd: TopUpAmount,
  confirm: confirm.describe(asInCreateCall),
});
export const CreateTopUpLinkOutput = TopUpResponse;
