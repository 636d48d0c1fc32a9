import { accountErrorCodes } from './account-error-codes';
import { agentErrorCodes } from './agent-error-codes';
import { numberErrorCodes } from './number-error-codes';
import { voiceErrorCodes } from './voice-error-codes';
import { billingErrorCodes } from './billing-error-codes';
import { callingRulesErrorCodes } from './calling-rules-error-codes';

// One table: every error code we emit, its HTTP status and default user-facing text.
export const errorCodes = {
  // shared
  NOT_FOUND: {
    status: 404,
    message: 'Not found.',
    hint: 'Check the path against the API reference.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    message: 'This method is not allowed on this path.',
    hint: 'Use one of the methods listed in the Allow header.',
  },
  UNAUTHORIZED: {
    status: 401,
    message: 'Missing or invalid credentials.',
    hint: 'Send Authorization: Bearer <token>.',
  },
  INVALID_SIGNATURE: {
    status: 401,
    message: 'The request signature is missing or invalid.',
    hint: 'Sign the request body with the shared secret.',
  },
  INVALID_BODY: {
    status: 400,
    message: 'The request body is malformed.',
    hint: 'Send a JSON body that matches the documented schema.',
  },
  INVALID_QUERY: {
    status: 400,
    message: 'A query parameter is malformed.',
    hint: 'Check the query parameters against the API reference.',
  },
  UNKNOWN_HOST: {
    status: 400,
    message:
      'This request was addressed to a host this service is not published at; nothing was sent.',
    hint: 'Use the address the service is published at (PUBLIC_SITE_URL); a proxy in front must pass the Host header, or set X-Forwarded-Host with TRUST_PROXY=true.',
  },
  RAISE_ALREADY_ANSWERED: {
    status: 409,
    message: 'This raise request has already been answered.',
    hint: 'List the pending requests and answer one of those.',
  },
  RANGE_NOT_SATISFIABLE: {
    status: 416,
    message: 'The requested byte range lies outside the file.',
    hint: 'Ask for a range within the size given in Content-Range, or omit Range for the whole file.',
  },
  INTERNAL_ERROR: {
    status: 500,
    message: 'Something went wrong on our side.',
    hint: 'Retry later; if it persists, contact support with the X-Request-Id header value.',
  },
  UPGRADE_REQUIRED: {
    status: 426,
    message: 'This endpoint speaks WebSocket only.',
    hint: 'Open a WebSocket (Connection: Upgrade, Upgrade: websocket) to this URL.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'A service this request depends on is unavailable; nothing was done.',
    hint: 'Retry after the number of seconds in the Retry-After header.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: 'The request body is larger than 1 MB.',
    hint: 'Send a smaller body.',
  },
  // voice platform
  UNAUTHENTICATED: {
    status: 401,
    message: 'Missing, invalid or revoked API key.',
    hint: 'Send Authorization: Bearer <API_KEY> (x-api-key is not accepted).',
  },
  INSUFFICIENT_BALANCE: {
    status: 402,
    message: 'The organization wallet has no balance left.',
    hint: 'Add funds to the wallet, then retry.',
  },
  ...billingErrorCodes,
  ...callingRulesErrorCodes,
  ...agentErrorCodes,
  ...numberErrorCodes,
  ...voiceErrorCodes,
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message: 'This Idempotency-Key was already used with a different request body.',
    hint: 'Use a new Idempotency-Key for a different request.',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed.',
    hint: 'Retry the same request in a few seconds.',
  },
  CALL_NOT_ACTIVE: {
    status: 409,
    message: 'The call has already ended.',
    hint: 'Only queued or started calls can be stopped.',
  },
  CALL_NOT_ENDED: {
    status: 409,
    message: 'The call has not ended yet.',
    hint: 'Analyze a call again once it is complete (its own analysis comes when it ends).',
  },
  CONCURRENCY_LIMIT_REACHED: {
    status: 429,
    message: 'All of this organization’s concurrent speech generations are in use.',
    hint: 'Wait Retry-After seconds and retry; close idle WebSockets to free their slots.',
  },
  SPEECH_FAILED: {
    status: 502,
    message: 'The speech engine failed; nothing was charged.',
    hint: 'Retry the request.',
  },
  // console: batches from a CSV file
  CSV_UNREADABLE: {
    status: 400,
    message: 'The file is not a CSV file we can read; nothing was created.',
    hint: 'Save the sheet as "CSV UTF-8" with a header line naming the columns, phone_number among them.',
  },
  CSV_TOO_MANY_ROWS: {
    status: 400,
    message: 'The file has more rows than one batch may hold; nothing was created.',
    hint: 'Split the rows into files of at most 10,000 and import each as its own batch.',
  },
  CSV_ROWS_INVALID: {
    status: 422,
    message: 'Some rows of the file are not valid; nothing was created.',
    hint: 'Fix the lines listed in `problems` and import the file again.',
  },
  ORIGIN_NOT_ALLOWED: {
    status: 403,
    message: 'Requests from this browser origin are not allowed.',
    hint: 'Call the tool server from a server-side MCP client, or ask us to allow your origin.',
  },
  INSUFFICIENT_SCOPE: {
    status: 403,
    message: 'The access token does not carry the scope this tool needs.',
    hint: 'Authorize again asking for the scope named in the WWW-Authenticate header.',
  },
  TOOL_RATE_LIMITED: {
    status: 429,
    message: 'The organization sent more than 120 tool-server requests in a minute.',
    hint: 'Wait Retry-After seconds, then retry.',
  },
  ...accountErrorCodes,
  // marketing: blog and stats
  BLOG_FETCH_FAILED: {
    status: 500,
    message: 'Blog content could not be loaded.',
    hint: 'Retry the request in a few seconds.',
  },
  BLOG_POST_NOT_FOUND: {
    status: 404,
    message: 'No published post has this slug.',
    hint: 'Use a slug from posts[].slug.current of GET /api/blog.',
  },
  STATS_UNAVAILABLE: {
    status: 500,
    message: 'The calls counter could not be computed.',
    hint: 'Retry later.',
  },
  // marketing: contact
  MISSING_REQUIRED_FIELDS: {
    status: 400,
    message: 'Name, a valid email and a message are required.',
    hint: 'Fill in name, email and message, then resubmit.',
  },
  BOTCHECK_MISSING: {
    status: 400,
    message: 'Bot verification is required.',
    hint: 'Complete the verification challenge and send its token as botCheckToken.',
  },
  CARRIER_SIGNATURE_INVALID: {
    status: 403,
    message: 'The request does not carry a valid carrier signature.',
    hint: 'Only the carrier calls this endpoint; it signs each request with the account auth token.',
  },
  BOTCHECK_INVALID: {
    status: 403,
    message: 'Bot verification failed.',
    hint: 'Complete a fresh verification challenge; tokens are single-use.',
  },
  CONTACT_INTERNAL_ERROR: {
    status: 500,
    message: 'Your message could not be processed.',
    hint: 'Send a valid JSON body; if it persists, retry later.',
  },
  // marketing: leads
  REQUIRED: { status: 400, message: 'This field is required.', hint: 'Fill in the field.' },
  INVALID_EMAIL: {
    status: 400,
    message: 'This is not a valid email address.',
    hint: 'Enter an address like name@company.com.',
  },
  INVALID_PHONE: {
    status: 400,
    message: 'This is not a valid phone number.',
    hint: 'Enter the number with its country code, e.g. +1 415 555 0100.',
  },
  INVALID_URL: {
    status: 400,
    message: 'This is not a valid URL.',
    hint: 'Enter an address starting with https://.',
  },
  INVALID_OPTION: {
    status: 400,
    message: 'This value is not one of the allowed options.',
    hint: 'Pick one of the listed options.',
  },
  TOO_LONG: { status: 400, message: 'This value is too long.', hint: 'Shorten the value.' },
  PATTERN_MISMATCH: {
    status: 400,
    message: 'This value has the wrong format.',
    hint: 'Check the expected format.',
  },
  DOMAIN_NOT_ALLOWED: {
    status: 400,
    message: 'Email addresses from this domain are not accepted on this form.',
    hint: 'Use an address from an allowed domain.',
  },
  DOMAIN_BLOCKED: {
    status: 400,
    message: 'Email addresses from this domain are not accepted.',
    hint: 'Use another email address.',
  },
  FREE_EMAIL_BLOCKED: {
    status: 400,
    message: 'Please use your work email address.',
    hint: 'Free email providers are not accepted on this form.',
  },
  DISPOSABLE_EMAIL_BLOCKED: {
    status: 400,
    message: 'Disposable email addresses are not accepted.',
    hint: 'Use a permanent email address.',
  },
  FORM_NOT_FOUND: {
    status: 404,
    message: 'No form has this slug.',
    hint: 'Check formSlug.',
  },
  RATE_LIMITED: {
    status: 429,
    message: 'Too many submissions.',
    hint: 'Wait 60 seconds before submitting again.',
  },
  SUBMISSION_STORE_FAILED: {
    status: 500,
    message: 'Your submission could not be saved.',
    hint: 'Retry with the same event_id, form and values.',
  },
  FORM_LOOKUP_FAILED: {
    status: 503,
    message: 'The form definition could not be loaded; nothing was stored.',
    hint: 'Retry the same request in a few seconds.',
  },
} as const satisfies Record<string, { status: number; message: string; hint: string }>;

export type ErrorCode = keyof typeof errorCodes;
