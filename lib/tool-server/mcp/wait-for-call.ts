import type { Notification, ProgressToken } from '@modelcontextprotocol/server';
import { getCallDetail } from '../../calls';
import type { ToolContext } from './types';

const POLL_MS = 1_000;

export interface WaitOptions {
  signal: AbortSignal;
  /** Set when the client asked for progress notifications. */
  progressToken?: ProgressToken;
  notify(notification: Notification): Promise<void>;
}

/**
 * Long-polls a call until it has ended or `timeout_seconds` pass, then answers its state either
 * way. Polling the database (not an in-process event) finds calls played by any instance.
 */
export async function waitForCall(
  ctx: ToolContext,
  input: { call_id: string; timeout_seconds: number },
  options: WaitOptions,
) {
  const { clock } = ctx.calls;
  const started = clock.now();
  const deadline = started + input.timeout_seconds * 1000;
  for (let polls = 1; ; polls++) {
    const call = await getCallDetail(ctx.calls, ctx.orgId, input.call_id, ctx.origin);
    const finished = call.queue_status === 'complete' || call.queue_status === 'call_error';
    const now = clock.now();
    if (finished || now >= deadline || options.signal.aborted) {
      return { finished, waited_seconds: Math.round((now - started) / 100) / 10, call };
    }
    if (options.progressToken !== undefined) {
      // A client that went away cannot be told; the wait ends at the next poll through the signal.
      await options
        .notify({
          method: 'notifications/progress',
          params: {
            progressToken: options.progressToken,
            progress: polls,
            message: `call ${call.status}, waited ${Math.round((now - started) / 1000)} s`,
          },
        })
        .catch(() => undefined);
    }
    await clock.sleep(Math.min(POLL_MS, deadline - now));
  }
}
