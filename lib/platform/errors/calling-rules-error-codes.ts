// Error codes of the calling rules (lib/calls/rules), part of the one table.
export const callingRulesErrorCodes = {
  DESTINATION_NOT_ALLOWED: {
    status: 400,
    message: 'This number may not be called: its kind of line is never dialled.',
    hint: 'Premium-rate, shared-cost, UAN/personal and satellite or international-network numbers (+881, +882, +883) are refused, as are the operator’s denied prefixes. Call a regular fixed or mobile number.',
  },
  COUNTRY_NOT_ALLOWED: {
    status: 403,
    message: 'Calls to this country are not enabled for this organization.',
    hint: 'Owners and admins choose countries with PUT /v1/calling-rules, within those the service enables; request another one on the console’s limits page (raise request).',
  },
  OUTSIDE_CALLING_HOURS: {
    status: 422,
    message: 'It is outside calling hours where this number rings.',
    hint: 'Retry at next_allowed_at, or send "defer_to_calling_hours": true to queue the call until the window opens.',
  },
  NUMBER_ON_DNC_LIST: {
    status: 409,
    message: 'This number is on a do-not-call list.',
    hint: 'The callee asked not to be called, or the number was listed (GET /v1/dnc). Remove it with DELETE /v1/dnc only with the callee’s consent; the operators’ list cannot be changed through the API.',
  },
  DEPOSIT_REQUIRED: {
    status: 402,
    message:
      'Real calls are placed only for organizations that have paid a deposit; the starting credit covers sandbox test numbers.',
    hint: 'Add funds on the console’s billing page (or POST /v1/billing/top-ups), then retry; numbers ending 555-0100 to 555-0199 work meanwhile.',
  },
  VELOCITY_LIMIT: {
    status: 429,
    message: 'This new organization has used its real calls for now.',
    hint: 'New organizations (first 7 days, until $50 of deposits) place 3 real calls at once, 50 a day, to one country. Retry after Retry-After seconds, add funds on the billing page, or request more concurrent calls on the console’s limits page.',
  },
  FROM_NOT_ALLOWED: {
    status: 400,
    message: 'This caller ID is not a number the organization may present.',
    hint: 'Omit `from` to use the service’s number, or send one of your organization’s numbers (GET /v1/numbers).',
  },
} as const;
