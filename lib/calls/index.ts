// The calls context's door: what other contexts may use of calls, batches, the call lifecycle and
// the live conversation. Anything not exported here is the context's own business.
export { BUCKET_STARTS_MS } from './batches/analyze-batch';
export { createBatch } from './batches/create-batch';
export { getBatchJson } from './batches/get-batch';
export { dispatchCall } from './dispatch-call';
export { getCallDetail } from './get-call-detail';
export { stopCall } from './lifecycle';
export { listCallPage } from './list-call-page';
export { type ListCallsQuery } from './list-calls';
export { type CallDeps } from './types';
export { reanalyzeCall } from './analysis/reanalyze-call';
