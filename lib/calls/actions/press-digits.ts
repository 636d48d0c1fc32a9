import { z } from 'zod';
import type { AgentAction } from '../../adapters/agent-brain';
import { signStreamToken } from '../../adapters/telephony/stream-token';
import type { ActionOutcome, ActionSurface, CallAction } from './types';

/** Keypad keys, and `w` for half a second's pause (Twilio's <Play digits>). */
export const KEYPAD = /^[0-9*#w]{1,32}$/;

const Input = z.object({ digits: z.string().trim().regex(KEYPAD) });

const refused = (why: string): ActionOutcome => ({
  line: `press_digits: refused (${why})`,
  result: `No keys were pressed: ${why}.`,
});

/**
 * press_digits: presses keys toward the far end (a phone menu). On a carrier the digits cannot
 * travel over the media stream: the call is updated to play them, then to reconnect the stream
 * (a fresh single-use token), and the conversation resumes on the new stream.
 */
export const pressDigits: CallAction = {
  specs(call) {
    // A phone menu answers the calls we place; a caller who rang us has no menu to work through.
    if (call.direction === 'inbound') return [];
    return [
      {
        name: 'press_digits',
        description:
          'Press keys on the phone keypad, to work through an automated phone menu ' +
          '("press 1 for sales"). Digits 0-9, * and #; w waits half a second between keys.',
        parameters: {
          type: 'object',
          properties: {
            digits: {
              type: 'string',
              pattern: KEYPAD.source,
              description: 'The keys to press in order, e.g. "1" or "1234#".',
            },
          },
          required: ['digits'],
          additionalProperties: false,
        },
      },
    ];
  },

  async run(action: AgentAction, surface: ActionSurface): Promise<ActionOutcome> {
    const parsed = Input.safeParse(action.input ?? {});
    if (!parsed.success) return refused('digits must be 0-9, * or #, with w for a pause');
    const { digits } = parsed.data;
    const pressed: ActionOutcome = { line: `pressed ${digits}`, result: `You pressed ${digits}.` };
    if (surface.line === 'sandbox') return pressed;
    const deps = surface.deps;
    const sid = surface.call.carrierCallSid;
    if (!deps?.carrier?.sendDigits || !deps.urlSigningKey || !sid) {
      return refused('this line cannot press keys');
    }
    const streamToken = signStreamToken(deps.urlSigningKey, surface.call.id, deps.clock.now());
    try {
      await deps.carrier.sendDigits(sid, digits, { callId: surface.call.id, streamToken });
    } catch (error) {
      console.error(`call ${surface.call.id}: pressing keys failed:`, error);
      return refused('the carrier refused the keys');
    }
    return pressed;
  },
};
