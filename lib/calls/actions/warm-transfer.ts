import { noteDroppedLeg, noteTransferLeg } from '../lifecycle/note-transfer';
import type { ActionDeps, ActionSurface } from './types';
import { ownNumber, secondsLeft, transferWhisper } from './transfer-whisper';

/** How long the person's phone rings before the warm transfer gives up. */
export const WARM_RING_TIMEOUT_S = 25;
/** How often the person's leg is looked at while it rings. */
const POLL_MS = 1_000;

/** How a warm transfer went: the person's leg joined (noted on the call, billed with it), or why not. */
export type WarmOutcome =
  { joined: { sid: string; answeredAt: number } } | 'unanswered' | { refused: string };

/**
 * A warm transfer on a carrier: the person is rung into a conference of the call's own and told
 * who is calling and why; once they answer, the live call joins them there (its media stream,
 * the agent, ends). A leg still ringing when the caller leaves or time runs out is hung up.
 */
export async function warmTransfer(
  surface: ActionSurface,
  deps: ActionDeps,
  target: { to: string; who: string },
): Promise<WarmOutcome> {
  const { call } = surface;
  const carrier = deps.carrier;
  const sid = call.carrierCallSid;
  if (!carrier?.callIntoConference || !carrier.legStatus || !carrier.joinConference || !sid) {
    return { refused: 'this carrier cannot make warm transfers' };
  }
  await surface.say(`Please hold while I reach ${target.who}.`);
  const room = `transfer-${call.id}`;
  let leg: string;
  try {
    ({ carrierCallSid: leg } = await carrier.callIntoConference({
      room,
      to: target.to,
      from: ownNumber(call),
      whisper: transferWhisper(call, surface.turns),
      ringTimeoutS: WARM_RING_TIMEOUT_S,
      timeLimitS: secondsLeft(call, deps.clock.now()),
    }));
  } catch (error) {
    console.error(`call ${call.id}: warm transfer leg failed:`, error);
    return { refused: 'the carrier refused the transfer' };
  }
  const deadline = deps.clock.now() + (WARM_RING_TIMEOUT_S + 5) * 1000;
  for (;;) {
    const status = await carrier.legStatus(leg).catch(() => 'ringing' as const);
    if (status === 'answered') break;
    if (status !== 'ringing') return 'unanswered';
    if (surface.signal.aborted || deps.clock.now() >= deadline) {
      await carrier.hangUp(leg).catch(() => undefined);
      return 'unanswered';
    }
    await deps.clock.sleep(POLL_MS, surface.signal).catch(() => undefined);
  }
  // The person's leg is billed from here (ringing is free), as Twilio bills it.
  const answeredAt = deps.clock.now();
  await noteTransferLeg(deps, call.id, { sid: leg, answeredAt });
  try {
    await carrier.joinConference(sid, room);
  } catch (error) {
    console.error(`call ${call.id}: joining the transfer failed:`, error);
    await carrier.hangUp(leg).catch(() => undefined);
    await noteDroppedLeg(deps, call.id, { sid: leg, answeredAt });
    return { refused: 'the carrier could not connect the caller' };
  }
  return { joined: { sid: leg, answeredAt } };
}
