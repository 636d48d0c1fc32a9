import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema } from '../../adapters/db';
import type { StoredCallTool } from '../../adapters/db/schema/call-tools';
import { sendToolRequest, ToolRefused, type ToolAnswer } from '../../adapters/webhooks';
import { toolSchemas } from './check-tools';
import { openHeaders } from './seal-headers';
import { claimToolCall, recordToolCall } from './tool-call-rows';
import type { ActionDeps, ActionOutcome, ActionSurface, CallAction } from './types';

/** Said while a tool without its own `speech` works, so the line is never silent. */
export const DEFAULT_TOOL_FILLER = 'One moment while I check that.';
/** How much of a tool's answer the model reads. */
export const MAX_TOOL_ANSWER_BYTES = 16 * 1024;

type Status = 'ok' | 'error' | 'timeout' | 'refused';
type Result = { answer: ToolAnswer } | { failed: 'timeout' | 'refused' | 'error'; why: string };

/** The request, or why it failed; a timeout on the call's clock aborts it. */
async function request(
  deps: ActionDeps,
  surface: ActionSurface,
  tool: StoredCallTool,
  input: unknown,
): Promise<Result> {
  const [org] = await deps.db
    .select({ secret: schema.organizations.webhookSecret })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, surface.call.orgId));
  if (!org) return { failed: 'error', why: 'the organization is gone' };
  const abort = new AbortController();
  const stop = () => abort.abort();
  surface.signal.addEventListener('abort', stop, { once: true });
  const sent = sendToolRequest({
    id: `msg_${randomUUID()}`,
    url: tool.url,
    method: tool.method,
    headers: tool.sealed_headers ? openHeaders(tool.sealed_headers, deps.urlSigningKey) : {},
    payload: JSON.stringify({ call_id: surface.call.id, tool: tool.name, input }),
    secret: org.secret,
    allowIps: deps.allowIps,
    maxBytes: MAX_TOOL_ANSWER_BYTES,
    signal: abort.signal,
    // Wall time, as our webhooks sign: the receiver checks it against its own clock.
    now: new Date(),
  }).then(
    (answer): Result => ({ answer }),
    (error: unknown): Result => ({
      failed: error instanceof ToolRefused ? 'refused' : 'error',
      why: (error as Error).message,
    }),
  );
  const timedOut = deps.clock
    .sleep(tool.timeout_ms, abort.signal)
    .then((): Result => ({ failed: 'timeout', why: `no answer within ${tool.timeout_ms} ms` }));
  try {
    return await Promise.race([sent, timedOut]);
  } finally {
    surface.signal.removeEventListener('abort', stop);
    abort.abort();
  }
}

/** The transcript line of a tool call that came to `status` (with the answer's HTTP status). */
function lineOf(name: string, status: Status, httpStatus: number | null): string {
  if (httpStatus !== null) return `${name}: ${status === 'ok' ? 'ok' : 'failed'} (${httpStatus})`;
  return `${name}: ${{ ok: 'ok', timeout: 'timed out', refused: 'refused', error: 'failed' }[status]}`;
}

/** The row's status and what the model reads for one result. */
function describe(result: Result): { status: Status; httpStatus: number | null; read: string } {
  if ('answer' in result) {
    const { status, body } = result.answer;
    if (status >= 200 && status < 300)
      return { status: 'ok', httpStatus: status, read: body || '(empty answer)' };
    return {
      status: 'error',
      httpStatus: status,
      read: `failed: HTTP ${status} ${body.slice(0, 300)}`,
    };
  }
  return { status: result.failed, httpStatus: null, read: `failed: ${result.why}` };
}

/** The outcome of a tool call: its transcript line and what the model reads next. */
function outcomeOf(
  name: string,
  result: { status: Status; httpStatus: number | null; read: string },
): ActionOutcome {
  const { status, httpStatus, read } = result;
  const told =
    status === 'ok'
      ? `The tool ${name} answered: ${read}`
      : `The tool ${name} ${read}. Tell the person it could not be done now and go on.`;
  return { line: lineOf(name, status, httpStatus), result: told, next: 'reply' };
}

/**
 * The call's own tools (POST /v1/calls `tools`): the model's input is checked against the tool's
 * schema, a filler is said at once, and the signed request's answer is what the model reads next.
 * Any failure is told to the model and the call goes on.
 */
export const callTools: CallAction = {
  specs: (call) =>
    (call.tools ?? []).map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.input_schema,
    })),

  async run(action, surface): Promise<ActionOutcome> {
    const tool = surface.call.tools?.find((t) => t.name === action.name);
    const deps = surface.deps;
    if (!tool || !deps) throw new Error(`tool ${action.name} cannot run here`);
    const startedAt = deps.clock.now();
    const row = {
      callId: surface.call.id,
      name: tool.name,
      input: action.input ?? null,
      at: new Date(startedAt),
    };
    // A sandbox step run again (after a crash) finds the call its first run made, or began.
    const claim =
      surface.step === undefined
        ? null
        : await claimToolCall(deps.db, { ...row, step: surface.step });
    const filler = tool.speech || DEFAULT_TOOL_FILLER;
    const validate = toolSchemas.compile(tool.input_schema);
    const valid = validate(action.input);
    if (claim && 'earlier' in claim) {
      const { status, httpStatus, output } = claim.earlier;
      // The filler is the step's own line, written again with its outcome; the API is not called.
      if (valid) await surface.say(filler).catch(() => undefined);
      return outcomeOf(tool.name, { status, httpStatus, read: output });
    }
    let result: Result;
    if (!valid) {
      const why = toolSchemas.errorsText(validate.errors, { dataVar: 'input' });
      result = { failed: 'error', why: `the input was refused (${why}); the tool was not called` };
    } else {
      // Said at once, while the request runs: the caller never hears dead air.
      const saying = surface.say(filler).catch(() => undefined);
      result = await request(deps, surface, tool, action.input);
      await saying;
    }
    const described = describe(result);
    await recordToolCall(
      deps.db,
      {
        ...row,
        status: described.status,
        httpStatus: described.httpStatus,
        durationMs: Math.max(0, Math.round(deps.clock.now() - startedAt)),
        output: described.read,
      },
      claim?.claimed,
    );
    return outcomeOf(tool.name, described);
  },
};
