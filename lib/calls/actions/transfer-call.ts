import { z } from 'zod';
import type { AgentAction } from '../../adapters/agent-brain';
import { noteTransfer } from '../lifecycle/note-transfer';
import { sandboxTransferAnswer } from './sandbox-transfer';
import { transferTarget } from './transfer-settings';
import { ownNumber, secondsLeft } from './transfer-whisper';
import type { ActionDeps, ActionOutcome, ActionSurface, CallAction } from './types';
import { checkTransferNumber } from '../rules';
import { ApiError } from '../../platform/errors/api-error';
import type { CallRow } from '../types';
import { warmTransfer } from './warm-transfer';

const Input = z.object({ to: z.string().trim().max(40).optional() }).strip();

const refused = (why: string): ActionOutcome => ({
  line: `transfer_call: refused (${why})`,
  result: `The transfer did not happen: ${why}. Tell the caller and carry on.`,
});

/** transfer_call: hands the caller to transfer_phone_number or one of transfer_list. */
export const transferCall: CallAction = {
  specs(call) {
    if (!call.transfer) return [];
    const labels = Object.keys(call.transfer.list);
    const warm = call.transfer.mode === 'warm';
    return [
      {
        name: 'transfer_call',
        description:
          'Transfer the caller to a person when they ask for a human or need someone who can ' +
          `help further. ${warm ? 'You will first brief the person, then connect the caller.' : 'You leave the call once it connects.'} ` +
          'Tell the caller you are transferring them before calling this.',
        parameters: {
          type: 'object',
          properties: labels.length
            ? { to: { type: 'string', enum: labels, description: 'Who to transfer to.' } }
            : {},
          additionalProperties: false,
        },
      },
    ];
  },

  async run(action: AgentAction, surface: ActionSurface): Promise<ActionOutcome> {
    const { call } = surface;
    const parsed = Input.safeParse(action.input ?? {});
    if (!call.transfer) return refused('this call has no transfer number');
    if (!parsed.success) return refused('`to` must be one of the labels');
    const target = transferTarget(call.transfer, parsed.data.to);
    if (!target) {
      return refused(
        `no number for "${parsed.data.to ?? ''}"; choose one of: ${Object.keys(call.transfer.list).join(', ')}`,
      );
    }
    const deps = surface.deps;
    if (!deps) return refused('this line cannot transfer calls');
    const ruled = await recheckRules(deps, call, target.to);
    if (ruled) return refused(ruled);
    const who = target.label ?? 'a colleague';
    const named = target.label ? `${target.label} (${target.to})` : target.to;
    const warm = call.transfer.mode === 'warm';

    if (surface.line === 'sandbox') {
      const answer = sandboxTransferAnswer(target.to, target.label);
      if (warm && !answer) return unanswered(surface, who, named);
      await surface.say(`Please hold, I'm connecting you to ${who} now.`);
      await noteTransfer(deps, call.id, target.to);
      return {
        line: `transferred to ${named} (${warm ? 'warm' : 'cold'}, simulated): "${answer ?? 'Hello?'}"`,
        result: `The caller was transferred to ${who}.`,
        next: 'leave',
      };
    }

    const carrier = deps.carrier;
    const sid = call.carrierCallSid;
    if (!carrier || !sid) return refused('the call is not connected to a carrier');
    if (warm) {
      const outcome = await warmTransfer(surface, deps, { to: target.to, who });
      if (outcome === 'unanswered') return unanswered(surface, who, named);
      if ('refused' in outcome) return refused(outcome.refused);
      await noteTransfer(deps, call.id, target.to);
      return {
        line: `transferred to ${named} (warm)`,
        result: `Transferred to ${who}.`,
        next: 'leave',
      };
    }
    if (!carrier.dialOver) return refused('this carrier cannot transfer calls');
    await surface.say(`Please hold, I'm connecting you to ${who} now.`);
    try {
      await carrier.dialOver(sid, {
        to: target.to,
        callerId: ownNumber(call),
        timeLimitS: secondsLeft(call, deps.clock.now()),
      });
    } catch (error) {
      console.error(`call ${call.id}: cold transfer failed:`, error);
      return refused('the carrier refused the transfer');
    }
    // Noted after the carrier took it: its final callback comes only when the bridge ends.
    await noteTransfer(deps, call.id, target.to);
    return {
      line: `transferred to ${named} (cold)`,
      result: `Transferred to ${who}.`,
      next: 'leave',
    };
  },
};

/** The calling rules again at the moment of the transfer's dial; the refusal's words, or null. */
async function recheckRules(deps: ActionDeps, call: CallRow, to: string): Promise<string | null> {
  if (!deps.rules) return null;
  try {
    await checkTransferNumber(
      { db: deps.db, ...deps.rules },
      { orgId: call.orgId, to, field: 'transfer', now: deps.clock.now() },
    );
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
}

async function unanswered(
  surface: ActionSurface,
  who: string,
  named: string,
): Promise<ActionOutcome> {
  await surface.say(`I'm sorry, ${who} isn't answering right now.`);
  return {
    line: `transfer to ${named} not answered`,
    result: `Nobody at ${who} answered the transfer; the caller has been told. Carry on helping them.`,
  };
}
