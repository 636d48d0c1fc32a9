/**
 * A value made on first use, once (a failure is kept too: a package that is not there stays
 * not there). Adapters of outside systems load their SDKs this way: an embedded server never
 * builds them, and importing Stripe, Twilio, Sanity, HubSpot and Deepgram up front cost ~0.8 s
 * of CPU on every start.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
