// The positive mode's short list: refusals of a request that conforms to its document which the
// document cannot express, each with its reason (README: "Outside fuzzers"). Anything else that
// conforms and is refused with 400 or 422 is a violation: the document must say it.
import type { Answer, Judged } from './oracle';

interface Refusal {
  status: number;
  /** Our envelope's code, an OAuth `error`, or a JSON-RPC error code as text. */
  code: string;
  field: string;
  text: string;
}

interface Exclusion {
  why: string;
  matches(sent: Judged, refusal: Refusal): boolean;
}

const JSON_RPC_MEMBERS = new Set(['jsonrpc', 'id', 'method', 'params']);

function nestedExtraMember(body: Buffer | undefined): boolean {
  try {
    const parsed = JSON.parse(body?.toString('utf8') ?? '') as unknown;
    return (Array.isArray(parsed) ? parsed : [parsed]).some(
      (message) =>
        typeof message === 'object' &&
        message !== null &&
        Object.entries(message).some(
          ([key, value]) =>
            !JSON_RPC_MEMBERS.has(key) && typeof value === 'object' && value !== null,
        ),
    );
  } catch {
    return false;
  }
}

const path = (sent: Judged) => `${sent.method.toUpperCase()} ${sent.operation?.path ?? ''}`;

export const POSITIVE_EXCLUSIONS: Exclusion[] = [
  {
    why:
      'a NUL or an unpaired surrogate in a string: Postgres cannot store them, and a JSON Schema ' +
      'pattern cannot single out unpaired surrogates (the field is named in the 400)',
    matches: (_sent, r) => /U\+0000|unpaired surrogate/.test(r.text),
  },
  {
    why:
      'a phone number of the documented E.164 form that is not a valid number for its country ' +
      '(numbering plans, checked by libphonenumber-js)',
    matches: (_sent, r) =>
      (r.code === 'INVALID_BODY' || r.code === 'INVALID_QUERY') &&
      /not a valid phone number/.test(r.text),
  },
  {
    why: 'a caller ID the organization does not own (calling rules: known only at request time)',
    matches: (_sent, r) => r.code === 'FROM_NOT_ALLOWED',
  },
  {
    why:
      "calling rules an organization may only narrow: countries within the deployment's " +
      'CALL_COUNTRIES, hours whose end follows their start, days named once (rules between ' +
      'fields or against the deployment, which a schema cannot state)',
    matches: (sent, r) =>
      path(sent) === 'PUT /v1/calling-rules' &&
      r.code === 'INVALID_BODY' &&
      /^(countries|hours)/.test(r.field),
  },
  {
    why: 'a do-not-call change names one number or a list, never both or neither (two fields at once)',
    matches: (sent, r) =>
      /^(POST|DELETE) \/v1\/dnc$/.test(path(sent)) &&
      r.code === 'INVALID_BODY' &&
      r.field === 'numbers',
  },
  {
    why:
      'an analysis_schema outside the JSON Schema subset (a schema about schemas: the document ' +
      'describes the subset in words, and the refusal names the keyword)',
    matches: (_sent, r) => r.code === 'INVALID_BODY' && /(^|\.)analysis_schema\b/.test(r.field),
  },
  {
    why:
      "a tool's input_schema that is not a JSON Schema ajv compiles (a schema about schemas: the " +
      'document says it in words, and the refusal names the tool)',
    matches: (_sent, r) =>
      r.code === 'INVALID_BODY' && /(^|\.)tools\.\d+\.input_schema\b/.test(r.field),
  },
  {
    why:
      "a tool's URL that is not https or whose host resolves to a private address, or does not " +
      'resolve (known only at request time, as for webhooks), in a call, a batch or a saved agent',
    matches: (_sent, r) => r.code === 'INVALID_BODY' && /(^|\.)tools\.\d+\.url$/.test(r.field),
  },
  {
    why:
      'voicemail fields without answered_by_enabled, or a transfer_mode without a number to ' +
      'transfer to: rules between fields, which the descriptions state (a saved agent is checked ' +
      'as a call would be)',
    matches: (sent, r) =>
      /^(POST \/v1\/(calls|batches|agents)|PATCH \/v1\/agents\/\{agent_id\})$/.test(path(sent)) &&
      r.code === 'INVALID_BODY' &&
      /^(call_params\.)?(voicemail_message|voicemail_action|transfer_mode)$/.test(r.field),
  },
  {
    why:
      "a saved agent's tool header sent as [hidden] with no saved value to keep (the value " +
      'stands for a secret the agent holds: known only against its saved versions)',
    matches: (sent, r) =>
      /^(POST \/v1\/agents|PATCH \/v1\/agents\/\{agent_id\})$/.test(path(sent)) &&
      r.code === 'INVALID_BODY' &&
      /^tools\.\d+\.headers\./.test(r.field),
  },
  {
    why: "a HEAD refusal has no body to name its reason; the same request's GET is judged",
    matches: (sent, r) => sent.method.toUpperCase() === 'HEAD' && !r.code,
  },
  {
    why: 'a webhook URL whose host resolves to a loopback, private, link-local or metadata address, or does not resolve (known only at request time)',
    matches: (_sent, r) => r.code === 'INVALID_BODY' && r.field === 'webhook',
  },
  {
    why:
      'a calls or agents cursor that is not a next_cursor we issued: it encodes a position (a ' +
      'time and an id) no pattern can check (the ledger cursor, a row id, has its pattern)',
    matches: (sent, r) =>
      (/^GET \/v1\/(calls|agents)$/.test(path(sent)) &&
        r.code === 'INVALID_QUERY' &&
        r.field === 'cursor') ||
      // HEAD answers the same refusal without a body to name the field: known by what was sent.
      (path(sent) === 'HEAD /v1/calls' && r.status === 400 && /[?&]cursor=[^&\s]/.test(sent.label)),
  },
  {
    why:
      'an auto top-up whose monthly cap is below its amount: a rule between two fields, which ' +
      'JSON Schema cannot state (monthly_cap_usd is described as at least amount_usd)',
    matches: (sent, r) =>
      path(sent) === 'PUT /v1/billing/auto-top-up' &&
      r.code === 'INVALID_BODY' &&
      r.field === 'monthly_cap_usd' &&
      /at least amount_usd/.test(r.text),
  },
  {
    why:
      'a JSON-RPC batch sent as 2026-07-28, which has no batches: a rule between the ' +
      'MCP-Protocol-Version header and the body (the batch alternative says so)',
    matches: (sent, r) =>
      path(sent) === 'POST /v1/mcp' &&
      r.code === '-32600' &&
      /batches are not supported/.test(r.text),
  },
  {
    why: 'a Stripe event without a valid Stripe-Signature (an HMAC no schema can produce)',
    matches: (sent, r) =>
      path(sent) === 'POST /v1/billing/stripe/webhook' && r.code === 'STRIPE_SIGNATURE_INVALID',
  },
  {
    why:
      'end_of_turn with min_ms above max_ms: a rule between two fields, which JSON Schema cannot ' +
      'state (max_ms is described as ≥ min_ms; the 400 names end_of_turn.min_ms)',
    matches: (sent, r) =>
      /^(POST \/v1\/calls|POST \/v1\/agents|PATCH \/v1\/agents\/\{agent_id\})$/.test(path(sent)) &&
      r.code === 'INVALID_BODY' &&
      r.field === 'end_of_turn.min_ms' &&
      /must not exceed max_ms/.test(r.text),
  },
  {
    why:
      'a call or batch names its task or a saved agent (task / base_prompt, or agent_id / ' +
      'persona_id, naming one agent): a rule between fields, which the descriptions state',
    matches: (sent, r) =>
      /^POST \/v1\/(calls|batches)$/.test(path(sent)) &&
      r.code === 'INVALID_BODY' &&
      ['task', 'base_prompt', 'persona_id'].includes(r.field),
  },
  {
    why: 'a device_code no onboarding issued (a secret only start hands out)',
    matches: (sent, r) =>
      path(sent) === 'POST /v1/agent/onboarding/poll' && r.code === 'INVALID_DEVICE_CODE',
  },
  {
    why: 'voice sample and consent recording files whose bytes are not a 1–60 s PCM or float WAV (file contents)',
    matches: (_sent, r) =>
      r.code === 'INVALID_BODY' && (r.field === 'audio_samples' || r.field === 'consent_recording'),
  },
  {
    why:
      'OAuth client metadata and authorization requests the authorization server refuses by ' +
      'rule (redirect URIs that are not https or loopback, client ids and PKCE values it does ' +
      'not know): RFC 6749/7591 errors, decided against registered state',
    matches: (sent, r) =>
      (sent.operation?.path ?? '').startsWith('/authorization/') &&
      (/^(invalid_|unsupported_|unauthorized_)/.test(r.code) || sent.method === 'HEAD'),
  },
  {
    why:
      'a JSON-RPC message with a member besides jsonrpc, id, method and params that holds ' +
      "nested arrays or objects: JSON-RPC 2.0 defines no such member, and the MCP SDK's message " +
      'parser refuses them (-32600) while it lets flat ones through',
    matches: (sent, r) =>
      path(sent) === 'POST /v1/mcp' && r.code === '-32600' && nestedExtraMember(sent.body),
  },
  {
    why:
      "a lead form's own required fields: each form (found by formSlug in the CMS) names which " +
      'of the documented fields it requires',
    matches: (sent, r) => path(sent) === 'POST /api/leads' && r.code === 'REQUIRED',
  },
];

function refusalOf(answer: Answer): Refusal {
  const text = answer.body.toString('utf8');
  let code = '';
  let field = '';
  try {
    const body = JSON.parse(text) as {
      error?: string | { code?: string | number; field?: string };
    };
    if (typeof body.error === 'string') code = body.error;
    else if (body.error) {
      code = String(body.error.code ?? '');
      field = body.error.field ?? '';
    }
  } catch {
    // Not JSON: the authorization server's error page names its OAuth error in its alert.
    code = /role="alert"><strong>([a-z_]+)<\/strong>/.exec(text)?.[1] ?? '';
  }
  return { status: answer.status, code, field, text };
}

/** Why a refused conforming request is on the list, or undefined when it is a violation. */
export function excludedRefusal(sent: Judged, answer: Answer): string | undefined {
  const refusal = refusalOf(answer);
  return POSITIVE_EXCLUSIONS.find((e) => e.matches(sent, refusal))?.why;
}

export function describeRefusal(answer: Answer): string {
  const { code, field, text } = refusalOf(answer);
  return `${code || 'no code'}${field ? ` (${field})` : ''}: ${text.slice(0, 200)}`;
}
