// Error codes of accounts: sign-in, members, keys and agent onboarding (part of the one table).
export const accountErrorCodes = {
  INVALID_CODE: {
    status: 400,
    message: 'This sign-in code or link is wrong, used or expired.',
    hint: 'Ask for a new code; a code works once, for 15 minutes, and 5 wrong tries burn it.',
  },
  AUTH_REJECTED: {
    status: 400,
    message: 'The sign-in request was refused.',
    hint: 'Start again from the sign-in page.',
  },
  FORBIDDEN: {
    status: 403,
    message: 'Your role in this organization does not allow this action.',
    hint: 'Ask an owner or admin of the organization.',
  },
  SCOPE_NOT_ALLOWED: {
    status: 403,
    message: 'A key can hold only the scopes its maker’s role allows.',
    hint: 'Leave out the scopes named in the message, or ask an owner or admin to make the key.',
  },
  LAST_OWNER: {
    status: 409,
    message:
      'An organization keeps an owner: its last owner cannot leave, be removed or be demoted.',
    hint: 'Make another member an owner first.',
  },
  ALREADY_MEMBER: {
    status: 409,
    message: 'This address already belongs to a member of the organization.',
    hint: 'Change their role on the members page instead of inviting them.',
  },
  INVITATION_INVALID: {
    status: 400,
    message: 'This invitation is unknown, used, expired or meant for another address.',
    hint: 'Sign in with the invited address, or ask for a new invitation.',
  },
  SLOW_DOWN: {
    status: 429,
    message: 'Polling faster than the interval; the interval grew by 5 seconds.',
    hint: 'Wait the number of seconds in Retry-After (the new interval) between polls.',
  },
  INVALID_DEVICE_CODE: {
    status: 400,
    message: 'No onboarding has this device_code.',
    hint: 'Start again with POST /v1/agent/onboarding/start.',
  },
  ONBOARDING_NOT_PENDING: {
    status: 409,
    message: 'This code was already approved or denied, or it expired.',
    hint: 'Ask the agent to start again.',
  },
  SIGN_IN_REQUIRED: {
    status: 401,
    message: 'Sign in first.',
    hint: 'Sign in at /sign-in, then retry.',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    message: 'Too many requests.',
    hint: 'Wait the number of seconds in the Retry-After header, then retry.',
  },
} as const satisfies Record<string, { status: number; message: string; hint: string }>;
