// Error codes of voices and clones (lib/speech/voices), part of the one table.
export const voiceErrorCodes = {
  VOICE_NOT_FOUND: {
    status: 404,
    message: 'No voice has this id.',
    hint: 'Use an id from GET /v1/voices (clones are visible only to the organization that made them).',
  },
  VOICE_NOT_LIVE: {
    status: 409,
    message: 'This voice is a draft professional clone; drafts can only be previewed.',
    hint: 'Promote the clone with POST /v1/voices/{id}/promote, then use it.',
  },
  INSTANT_CLONE_LIMIT_REACHED: {
    status: 403,
    message: "The organization's instant voice clone limit is reached.",
    hint: 'Delete an instant clone, fund the wallet (5 USD unlocks 10 clones) or request a raise.',
  },
  LIVE_CLONE_LIMIT_REACHED: {
    status: 403,
    message: "The organization's live professional clone limit is reached.",
    hint: 'Fund the wallet (5 USD unlocks 1 live clone) or request a raise.',
  },
  ORG_NOT_FUNDED: {
    status: 402,
    message: 'Professional clones go live only for funded organizations.',
    hint: 'Deposit at least 5 USD in total (the starting credit does not count), then retry.',
  },
  REVIEW_NOT_PASSED: {
    status: 409,
    message: 'This clone has not passed the consent and rights review.',
    hint: 'Wait for the review to be approved; a rejected clone cannot go live.',
  },
  CONSENT_RECORDING_MISSING: {
    status: 409,
    message: 'This draft has no recording of the speaker reading the consent statement.',
    hint: 'Make the draft again with the consent statement recorded (the voice studio asks for it, or send consent_recording).',
  },
} as const;
