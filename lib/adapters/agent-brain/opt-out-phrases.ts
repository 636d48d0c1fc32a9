// How an agent hears an opt-out and answers it; the calls context lists the number (calls/rules).
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
