// Values the API shows and the database stores, each list once: the contract owns them, and the
// tables and the code take them from here.

export const auditActorTypes = ['user', 'api_key', 'admin', 'agent', 'system'] as const;

export const autoTopUpStatuses = [
  'claimed', // taken by an instance; the PaymentIntent is being created
  'pending', // the PaymentIntent succeeded or is processing; the signed webhook credits it
  'succeeded', // credited
  'authentication_required', // owners were mailed a Checkout link
  'declined', // a failure (counts toward the three in a row)
] as const;

export const ledgerKinds = [
  'deposit',
  'starting_credit',
  'call_charge',
  'speech_charge',
  'refund',
  // A Stripe refund or dispute of a deposit taken back, a won dispute given back, a debt repaid.
  'payment_refund',
  'dispute',
  'dispute_won',
  'debt_repayment',
  // A phone number's monthly rent (at purchase or import, then each month).
  'number_rent',
] as const;

/** How an organization came to hold a phone number. */
export const numberSources = ['purchased', 'imported', 'sandbox'] as const;

/** Which way a call went: placed by the platform, or answered by it on one of the org's numbers. */
export const callDirections = ['outbound', 'inbound'] as const;

export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;

/**
 * A call webhook's event: `call.completed` when the call ends (and on a resend), `call.analyzed`
 * when POST /v1/calls/{call_id}/analyze replaced its analysis. Both carry the call detail.
 */
export const callWebhookEvents = ['call.completed', 'call.analyzed'] as const;
export type CallWebhookEventType = (typeof callWebhookEvents)[number];

/** The limits a member may ask to raise (the keys of the org's limit overrides). */
export const raisableLimits = [
  'concurrency',
  'instant_clones',
  'live_clones',
  'concurrent_calls',
] as const;

/** The scopes an API key can carry. Keys made before scopes existed carry none and may do all. */
export const apiKeyScopes = [
  'calls:read',
  'calls:write', // dispatch, stop, batches
  'speech', // every speech surface
  'voices:read',
  'voices:write', // clone, delete, promote
  'mcp:read', // the tool server's read tools
  'mcp:write', // the tool server's tools that place calls or make top-up links (includes mcp:read)
  'audit:read',
  'billing:read', // the wallet's ledger, the auto top-up settings
  'billing:write', // starting a top-up (a person still pays at the checkout), auto top-up settings
  'agents:read', // saved agents and their versions
  'agents:write', // create, change, delete saved agents
  'numbers:read', // the organization's phone numbers
  'numbers:write', // buy, import, assign, release numbers (rent is charged to the wallet)
] as const;

export const memberRoles = ['owner', 'admin', 'developer', 'viewer'] as const;

/** Where a do-not-call entry came from. */
export const dncSources = ['api', 'console', 'opt_out', 'import', 'operator'] as const;
