import { eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { addDncNumbers } from './dnc-list';

/**
 * What callees say when they want no more calls ("stop calling me", "take me off your list",
 * "don't call this number again", "remove my number", "unsubscribe", "do not call").
 */
const OPT_OUT =
  /\b(stop calling|take me off|remove me|remove my (number|name)|(don'?t|do not|never) (call|contact|ring) (me|this number|us|here)|do not call|put me on (your|the) do.not.call|unsubscribe|opt(ing)? out)\b/i;

/** Whether a callee's line asks not to be called again. */
export const asksNotToBeCalled = (text: string): boolean => OPT_OUT.test(text);

/** The agent's one-sentence confirmation before it hangs up. */
export const OPT_OUT_CONFIRMATION =
  'Understood, I have removed your number and you will not be called again. Goodbye.';

/**
 * The callee opted out during a call: their number goes on the organization's do-not-call list
 * with the call as evidence (a listed number keeps its first entry), and the call says so.
 */
export async function recordOptOut(
  db: Db,
  call: { id: string; orgId: string; toNumber: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await addDncNumbers(
      tx,
      {
        orgId: call.orgId,
        numbers: [call.toNumber],
        reason: 'The callee asked during the call not to be called again.',
        source: 'opt_out',
        callId: call.id,
      },
      now,
    );
    await tx.update(schema.calls).set({ optedOut: true }).where(eq(schema.calls.id, call.id));
  });
}
