import type { ApiError } from '../../platform/errors/api-error';
import type { ErrorCode } from '../../platform/errors/error-codes';

/** Where a call_id or batch_id comes from, by the tool that was given one. */
const ID_SOURCE: Record<string, string> = {
  get_batch: 'Use a batch_id that create_batch returned.',
};
const CALL_ID_SOURCE =
  'Use a call_id that create_call or list_calls returned (calls of other organizations are not visible).';

/**
 * What to do next, said in the tool server's terms (tools and arguments), for the errors whose
 * REST hint names paths, headers or statuses. Codes not listed keep their hint.
 */
const TOOL_HINTS: Partial<Record<ErrorCode, string>> = {
  VOICE_NOT_FOUND:
    'Use an id from list_voices (clones are visible only to the organization that made them).',
  VOICE_NOT_LIVE: 'Use a live voice from list_voices; a draft clone must be promoted first.',
  INVALID_BODY: "Check the arguments against the tool's input schema.",
  INVALID_QUERY: "Check the arguments against the tool's input schema.",
  INSUFFICIENT_BALANCE:
    'get_balance_and_limits shows the balance; retry once the wallet has been funded.',
  WALLET_IN_DEBT:
    'create_top_up_link gives a person a link to add funds; the top-up repays what is owed first.',
  IDEMPOTENCY_KEY_REUSED: 'Use a new idempotency_key for different arguments.',
  IDEMPOTENCY_KEY_IN_USE:
    'Retry the same tool call with the same idempotency_key in a few seconds.',
  CALL_NOT_ACTIVE: 'Only queued or started calls can be stopped; get_call shows how it ended.',
  CONCURRENCY_LIMIT_REACHED:
    'Retry in a few seconds; get_balance_and_limits shows the limit and the generations in flight.',
  SERVICE_UNAVAILABLE: 'Retry the same tool call in a few seconds; nothing was done.',
  INTERNAL_ERROR: 'Retry later; if it persists, contact support.',
  INSUFFICIENT_SCOPE: 'Authorize again asking for mcp:write (it includes mcp:read).',
  COUNTRY_NOT_ALLOWED:
    "An owner or admin enables countries in the console's calling rules; others are requested on its limits page.",
  OUTSIDE_CALLING_HOURS:
    'Call create_call again at the time the message names, or with defer_to_calling_hours: true to queue it until then.',
  NUMBER_ON_DNC_LIST: 'Do not call this number: its owner asked not to be called.',
  AGENT_NOT_FOUND:
    "Use a saved agent's id from the organization's console (Agents), or leave agent_id out and pass task.",
};

/** REST names in messages, as the tool's arguments are called. */
const ARGUMENT_NAMES: [RegExp, string][] = [[/Idempotency-Key/g, 'idempotency_key']];

/** An ApiError as a tool call should report it: our code, and message and hint in tool terms. */
export function toolErrorDetail(error: ApiError, tool: string) {
  const message = ARGUMENT_NAMES.reduce(
    (text, [from, to]) => text.replace(from, to),
    error.message,
  );
  const field =
    error.field && ARGUMENT_NAMES.reduce((text, [from, to]) => text.replace(from, to), error.field);
  const hint =
    error.code === 'NOT_FOUND'
      ? (ID_SOURCE[tool] ?? CALL_ID_SOURCE)
      : (TOOL_HINTS[error.code] ?? error.hint);
  return { code: error.code, message, hint, ...(field ? { field } : {}) };
}
