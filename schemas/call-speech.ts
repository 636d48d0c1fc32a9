// Speech control (issue 33): how the agent's words are said and heard, when the callee may cut
// in, and how freely the model answers. The fields of POST /v1/calls and batch call_params.
import { z } from './zod';
import { STORABLE, storable } from './text';

export const MAX_PRONUNCIATIONS = 100;
export const MAX_KEYWORDS = 100;
/** Callee speech shorter than this over the agent (a "mhm", "yeah") does not stop it. */
export const DEFAULT_INTERRUPTION_THRESHOLD_MS = 300;

const term = (max: number) => z.string().trim().min(1).max(max).refine(storable, STORABLE);

export const PronunciationEntry = z
  .object({
    word: term(100).describe('The word or phrase as the agent writes it.'),
    pronunciation: term(200).describe('How to say it, spelled as it sounds (e.g. "nee-KOH-lah").'),
    case_sensitive: z
      .boolean()
      .optional()
      .describe('True matches the word’s letter case exactly. Default false.'),
  })
  .meta({ id: 'PronunciationEntry' });
export type PronunciationEntry = z.infer<typeof PronunciationEntry>;

export const callSpeechFields = {
  pronunciation_guide: z
    .array(PronunciationEntry)
    .max(MAX_PRONUNCIATIONS)
    .nullish()
    .describe(
      'Up to 100 words said another way: each whole-word match in what the agent says is ' +
        'replaced by its pronunciation before synthesis, on every line (the transcript keeps ' +
        'the words as written).',
    ),
  keywords: z
    .array(term(100))
    .max(MAX_KEYWORDS)
    .nullish()
    .describe(
      'Up to 100 terms the callee is likely to say (names, products), so the recognizer ' +
        'expects them: Deepgram `keyterm` (a Nova-3 model; any other Deepgram model answers 400 ' +
        'naming keywords), the OpenAI Realtime and whole-turn recognizers’ prompt. The sandbox ' +
        'line’s callee is scripted and needs none.',
    ),
  block_interruptions: z
    .boolean()
    .nullish()
    .describe(
      'True: the callee cannot talk over the agent; what they say while it speaks is not ' +
        'answered (once it has finished, they are heard as usual). Default false.',
    ),
  interruption_threshold: z
    .int()
    .min(0)
    .max(5_000)
    .nullish()
    .describe(
      'Milliseconds of callee speech over the agent before it stops talking (0–5000). Default ' +
        `${DEFAULT_INTERRUPTION_THRESHOLD_MS}: a "mhm" or "yeah" neither stops the agent nor ` +
        'gets an answer. 0 stops it at the first sound.',
    ),
  temperature: z
    .number()
    .min(0)
    .max(2)
    .nullish()
    .describe(
      'Sampling temperature of the language model’s replies, 0–2; default the model’s own. ' +
        'The built-in scripted agent (no model configured) is deterministic at any value.',
    ),
};
