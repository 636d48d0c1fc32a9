import type { LineTurn } from '../../adapters/telephony';
import type { CallRow } from '../types';

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/**
 * What the agent tells the person of a warm transfer before the caller joins: who is calling
 * and why, from the call so far (the caller's latest words; no model needed, so it works on
 * every line and cannot fail).
 */
export function transferWhisper(call: CallRow, turns: readonly LineTurn[]): string {
  const caller = call.direction === 'inbound' ? call.fromNumber : call.toNumber;
  const said = turns
    .filter((turn) => turn.user === 'user')
    .slice(-2)
    .map((turn) => turn.text.trim())
    .filter(Boolean)
    .join(' ');
  const why = said ? ` They said: ${clip(said, 300)}` : '';
  return (
    `Hello, this is an AI assistant transferring a call to you. The caller is ${caller}, ` +
    `on a call about: ${clip(call.task.split('\n')[0]!.trim(), 200)}.${why} ` +
    'Connecting you now.'
  );
}

/** The number the person sees: ours on the call (the callee's line for an inbound call). */
export const ownNumber = (call: CallRow) =>
  call.direction === 'inbound' ? call.toNumber : call.fromNumber;

/** Seconds the call may still run (max_duration from its start), at least one. */
export function secondsLeft(call: CallRow, nowMs: number): number {
  const started = call.startedAt?.getTime() ?? nowMs;
  return Math.max(1, Math.floor((started + call.maxDuration * 60_000 - nowMs) / 1000));
}
