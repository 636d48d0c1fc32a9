// Error codes of the wallet: debts, key spend caps, Stripe and auto top-up (part of the one table).
export const billingErrorCodes = {
  WALLET_IN_DEBT: {
    status: 402,
    message:
      'A refund or dispute left this organization owing money; new calls and speech wait until it is covered.',
    hint: 'Add funds (POST /v1/billing/top-ups); the top-up repays what is owed first.',
  },
  KEY_SPEND_CAP_REACHED: {
    status: 402,
    message: 'This API key has reached its monthly spend cap (calendar month, UTC).',
    hint: 'Raise or remove the key’s cap in the console, use another key, or wait for the next month (UTC).',
  },
  STRIPE_SIGNATURE_INVALID: {
    status: 400,
    message: 'The Stripe-Signature header does not sign this body, or it is too old.',
    hint: 'Deliver the event exactly as Stripe sent it, signed with this endpoint’s webhook secret.',
  },
  PAYMENT_PROVIDER_FAILED: {
    status: 502,
    message: 'The payment provider did not answer; no top-up was started.',
    hint: 'Retry in a moment.',
  },
  AUTO_TOP_UP_CONFIRM_REQUIRED: {
    status: 409,
    message: 'The balance is already under the threshold: saving charges the saved card now.',
    hint: 'Send the same settings with confirm_charge_now: true to save and charge now.',
  },
} as const;
