import { randomUUID } from 'node:crypto';
import { ApiError } from '../platform/errors/api-error';
import { effectiveLimits, type SpendingKey } from '../wallet';
import { getOrgOrThrow } from '../accounts';
import { SpeechRequestError } from '../adapters/speech-engine';
import { acquireSpeechSlot, type SpeechSlot } from './slots';
import type { LeaseKind } from '../adapters/store';
import { combineSpeed, resolveVoice } from './voices';
import { createEncoder, type AudioFormat } from './audio-format';
import {
  renewReservation,
  RESERVATION_RENEW_MS,
  reserveSpeech,
  settleSpeech,
  type SpeechCharge,
} from './speech-billing';
import type { SpeechDeps } from './types';

export interface SpeechJob {
  orgId: string;
  text: string;
  voice: string | null | undefined;
  format: AudioFormat;
  speed?: number;
  /** Aborts synthesis (the client went away): what was spoken is paid for, the slot is freed. */
  signal?: AbortSignal;
  /** The API key asking: named on the ledger rows, and its monthly cap applies. */
  key?: SpendingKey | null;
}

export interface StartedSpeech {
  /** The org's concurrency right after taking the slot: x-concurrency-current / -limit. */
  headers: Record<string, string>;
  /** Encoded audio as it is produced; the slot is released and the charge settled when it ends. */
  audio: AsyncIterable<Buffer>;
  /** Micro-dollars reserved for the whole text. */
  reservedMicros: number;
  /** Resolves, once the audio has ended, with what was charged (micro-dollars). */
  charged: Promise<number>;
}

export function concurrencyHeaders(current: number, limit: number): Record<string, string> {
  return { 'x-concurrency-current': String(current), 'x-concurrency-limit': String(limit) };
}

/**
 * Takes one of the org's concurrency slots, or refuses with the spec's 429. `session` for a
 * WebSocket (held until it closes), `task` for one HTTP generation.
 */
export async function takeSlot(
  deps: SpeechDeps,
  orgId: string,
  kind: LeaseKind = 'task',
): Promise<SpeechSlot> {
  const org = await getOrgOrThrow(deps.db, orgId);
  const limit = effectiveLimits(org).concurrency;
  const attempt = await acquireSpeechSlot(deps, orgId, limit, kind);
  if (attempt.ok) return attempt.slot;
  throw new ApiError('CONCURRENCY_LIMIT_REACHED', {
    limit,
    message: `This organization already has ${attempt.current} of ${limit} concurrent speech generations in progress.`,
    headers: {
      'Retry-After': String(attempt.retryAfterSeconds),
      ...concurrencyHeaders(attempt.current, limit),
    },
  });
}

/** Engine errors about the request are the caller's 400, named after the API's field. */
export function speechRequestError(error: unknown, fields: Partial<Record<string, string>> = {}) {
  if (error instanceof SpeechRequestError) {
    return new ApiError('INVALID_BODY', {
      message: error.message,
      field: fields[error.field] ?? error.field,
    });
  }
  return undefined;
}

/**
 * One generation on any surface: the voice is resolved, a concurrency slot taken (429 when the
 * org is at its limit), the whole text's price reserved (402 before any audio), then audio is
 * produced sentence by sentence. The slot is held from the start to the last byte and freed on
 * finish, error or abort; an abort pays for the sentences already spoken, a failure for none.
 */
export async function startSpeech(
  deps: SpeechDeps,
  job: SpeechJob,
  /** A slot the caller already holds (a WebSocket's): used, not taken or released here. */
  held?: SpeechSlot,
): Promise<StartedSpeech> {
  const voice = await resolveVoice(deps, job.orgId, job.voice);
  const slot = held ?? (await takeSlot(deps, job.orgId));
  let charge: SpeechCharge;
  try {
    charge = await reserveSpeech(
      deps.db,
      {
        orgId: job.orgId,
        generationId: randomUUID(),
        characters: job.text.length,
        pricePer1kMicros: deps.settings.pricePer1kMicros,
        key: job.key,
      },
      new Date(deps.clock.now()),
    );
  } catch (error) {
    if (!held) await slot.release();
    throw error;
  }
  let settled!: (micros: number) => void;
  const charged = new Promise<number>((resolve) => (settled = resolve));
  let encoder: Awaited<ReturnType<typeof createEncoder>>;
  try {
    encoder = await createEncoder(job.format);
  } catch (error) {
    if (!held) await slot.release();
    await settleSpeech(deps.db, charge, 0, new Date(deps.clock.now()));
    throw error;
  }
  async function* audio(): AsyncGenerator<Buffer> {
    let spoken = 0;
    let failed = false;
    let renewedAt = deps.clock.now();
    try {
      for await (const chunk of deps.speech.synthesize({
        text: job.text,
        voice: voice.engineVoice,
        sampleRate: job.format.sampleRate,
        speed: combineSpeed(voice, job.speed),
        pitch: voice.pitch,
        signal: job.signal,
      })) {
        const bytes = encoder.encode(chunk.pcm);
        if (bytes.length > 0) yield bytes;
        spoken += chunk.text.length;
        // Still alive: keep the reservation from being refunded as abandoned.
        if (deps.clock.now() - renewedAt >= RESERVATION_RENEW_MS) {
          renewedAt = deps.clock.now();
          await renewReservation(deps.db, charge, new Date(renewedAt));
        }
      }
      spoken = job.text.length;
      const tail = encoder.finish();
      if (tail.length > 0) yield tail;
    } catch (error) {
      failed = !job.signal?.aborted;
      throw error;
    } finally {
      encoder.close();
      if (!held) await slot.release();
      const micros = await settleSpeech(
        deps.db,
        charge,
        failed ? 0 : spoken,
        new Date(deps.clock.now()),
      ).catch((error: unknown) => {
        console.error(`speech ${charge.generationId}: settling failed:`, error);
        return charge.reservedMicros;
      });
      settled(micros);
    }
  }
  return {
    headers: concurrencyHeaders(slot.current, slot.limit),
    audio: audio(),
    reservedMicros: charge.reservedMicros,
    charged,
  };
}
