// The calls context's door: what other contexts may use of calls, batches, the call lifecycle and
// the live conversation. Anything not exported here is the context's own business.
export { BUCKET_STARTS_MS } from './batches/analyze-batch';
