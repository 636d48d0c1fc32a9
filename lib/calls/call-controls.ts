import type { CallDispatchInput } from '@/schemas/calls';
import { DEFAULT_INTERRUPTION_THRESHOLD_MS } from '@/schemas/call-speech';
import { ApiError } from '../platform/errors/api-error';
import type { StreamingRecognizer } from '../adapters/recognizers/streaming-recognizer';
import { fillPlaceholders } from './fill-placeholders';
import type { CallRow, CallSpeechControl, CallVoicemail, LineLimits } from './types';

type Controls = Pick<
  CallDispatchInput,
  | 'answered_by_enabled'
  | 'voicemail_message'
  | 'voicemail_action'
  | 'pronunciation_guide'
  | 'keywords'
  | 'block_interruptions'
  | 'interruption_threshold'
  | 'temperature'
  | 'request_data'
>;

/** A carrier line's limits: keywords only where the streaming recognizer can take them. */
export function lineLimitsOf(
  carrier: boolean,
  streaming: Pick<StreamingRecognizer, 'takesKeywords' | 'description'> | null,
): LineLimits {
  if (!carrier || !streaming || streaming.takesKeywords) return {};
  return {
    keywords:
      `the recognizer in use (${streaming.description}) cannot be told terms to expect: ` +
      'Deepgram’s keyterm needs a Nova-3 model (DEEPGRAM_MODEL)',
  };
}

const refuse = (field: string, why: string) =>
  new ApiError('INVALID_BODY', { message: `${field}: ${why}`, field });

/** 400 naming the first field of a request (or batch call_params) the call cannot honour. */
export function checkCallControls(request: Controls, limits: LineLimits = {}, prefix = ''): void {
  if (!request.answered_by_enabled) {
    for (const field of ['voicemail_message', 'voicemail_action'] as const) {
      if (request[field] != null)
        throw refuse(
          `${prefix}${field}`,
          'needs answered_by_enabled: true (voicemail is known only by detection)',
        );
    }
  }
  for (const [field, why] of Object.entries(limits)) {
    const value = request[field as keyof Controls];
    if (why && value != null && !(Array.isArray(value) && value.length === 0))
      throw refuse(`${prefix}${field}`, why);
  }
}

/** The voicemail and speech fields of a batch's call_params, as each call's request has them. */
export function controlsOf(params: Omit<Controls, 'request_data'>): Omit<Controls, 'request_data'> {
  return {
    answered_by_enabled: params.answered_by_enabled,
    voicemail_message: params.voicemail_message,
    voicemail_action: params.voicemail_action,
    pronunciation_guide: params.pronunciation_guide,
    keywords: params.keywords,
    block_interruptions: params.block_interruptions,
    interruption_threshold: params.interruption_threshold,
    temperature: params.temperature,
  };
}

/** The voicemail column of a new call: null unless machine detection was asked for. */
export function voicemailOf(request: Controls): CallVoicemail | null {
  if (!request.answered_by_enabled) return null;
  const message = request.voicemail_message
    ? fillPlaceholders(request.voicemail_message, request.request_data ?? null)
    : null;
  return { message, action: request.voicemail_action ?? 'leave_message' };
}

/** The speech-control column of a new call: only what the request set; null for none. */
export function speechControlOf(request: Controls): CallSpeechControl | null {
  const control: CallSpeechControl = {};
  if (request.pronunciation_guide?.length)
    control.pronunciation = request.pronunciation_guide.map((entry) => ({
      word: entry.word,
      pronunciation: entry.pronunciation,
      caseSensitive: entry.case_sensitive ?? false,
    }));
  if (request.keywords?.length) control.keywords = request.keywords;
  if (request.block_interruptions) control.blockInterruptions = true;
  if (request.interruption_threshold != null)
    control.interruptionThresholdMs = request.interruption_threshold;
  if (request.temperature != null) control.temperature = request.temperature;
  return Object.keys(control).length > 0 ? control : null;
}

/** When the callee may cut the agent short, as the live loop applies it. */
export function interruptionRules(call: Pick<CallRow, 'speechControl'>): {
  block: boolean;
  thresholdMs: number;
} {
  return {
    block: call.speechControl?.blockInterruptions ?? false,
    thresholdMs: call.speechControl?.interruptionThresholdMs ?? DEFAULT_INTERRUPTION_THRESHOLD_MS,
  };
}

/** What the call's speech control tells the agent's brain: its temperature, if set. */
export function speechContext(call: Pick<CallRow, 'speechControl'>): { temperature?: number } {
  const temperature = call.speechControl?.temperature;
  return temperature === undefined ? {} : { temperature };
}
