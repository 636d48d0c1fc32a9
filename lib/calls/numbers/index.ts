// Phone numbers (issue 34): rented numbers, the agent that answers each, rent from the wallet.
export { buyNumber } from './buy-number';
export { importNumber } from './import-number';
export { updateNumber } from './update-number';
export { releaseNumber } from './release-number';
export { listNumbers } from './list-numbers';
export { numberFromPath, findNumberOrThrow, numberHolder, type NumberRow } from './find-number';
export { isSandboxNumber } from './sandbox-numbers';
export type { NumberDeps } from './types';
export { answerInboundWebhook } from './answer-inbound-webhook';
export { INBOUND_MESSAGES, startInboundCall, type InboundAnswer } from './inbound-call';
export { placeTestCall, TEST_CALLER } from './place-test-call';
export { renewDueNumbers, UNPAID_GRACE_MS } from './renew-numbers';
