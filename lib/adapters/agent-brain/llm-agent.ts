import { openAiClient } from '../openai/openai-server';
import OpenAI from 'openai';
import { z } from 'zod';
import { OPT_OUT_CONFIRMATION } from './opt-out-phrases';
import { ToolCallPieces, actionTools, firstAction } from './tool-calls';
import type { AgentBrain, AgentContext, AgentDelta, AgentLine, AnalysisRequest } from './types';

const END_MARK = '[END]';
const MAX_AGENT_LINES = 20;
const TIMEOUT_MS = 20_000;

const system = (context: AgentContext) =>
  [
    'You are an AI agent on a phone call. Speak one short, natural turn at a time.',
    `Your task: ${context.task}`,
    context.language ? `Speak in ${context.language}.` : '',
    context.answeredBy === 'voicemail'
      ? `You reached voicemail: leave one short message and end it with ${END_MARK}.`
      : `When the task is done or the person wants to stop, say goodbye and end with ${END_MARK}.`,
    `If the person asks not to be called again (stop calling, take me off your list, do not call this number), call the ${OPT_OUT_TOOL_NAME} tool instead of answering.`,
  ]
    .filter(Boolean)
    .join('\n');

const OPT_OUT_TOOL_NAME = 'opt_out';

/** The call's temperature for the conversation's replies (summaries keep the model's own). */
const temperatureOf = (context: AgentContext) =>
  context.temperature === undefined ? {} : { temperature: context.temperature };

/**
 * The model's way to honour "do not call me again": the call confirms in one sentence, ends, and
 * the number goes on the organization's do-not-call list (what the scripted agent's phrase match
 * does).
 */
const OPT_OUT_TOOL = {
  type: 'function' as const,
  function: {
    name: OPT_OUT_TOOL_NAME,
    description:
      'The person asked not to be called again. Ends the call with a confirmation and puts the number on the do-not-call list.',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
  },
};

const ToolCalls = z
  .array(
    z.object({
      index: z.number().nullish(),
      function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
    }),
  )
  .nullish();

const Reply = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable(), tool_calls: ToolCalls }),
      }),
    )
    .min(1),
});

const StreamChunk = z.object({
  choices: z.array(
    z.object({ delta: z.object({ content: z.string().nullish(), tool_calls: ToolCalls }) }),
  ),
});

const callsOptOut = (calls: z.infer<typeof ToolCalls>) =>
  (calls ?? []).some((call) => call.function?.name === OPT_OUT_TOOL_NAME);

/** The line that answers the opt_out tool: the confirmation, then the agent hangs up. */
const OPT_OUT_LINE: AgentLine = { text: OPT_OUT_CONFIRMATION, end: true, optOut: true };

/**
 * The call's opening line when it is fixed: first_sentence, unless voicemail answered (then the
 * model writes the whole message, and may open with first_sentence itself).
 */
function fixedOpening(context: AgentContext): string | null {
  if (context.turns.length > 0 || !context.firstSentence) return null;
  return context.answeredBy === 'voicemail' ? null : context.firstSentence;
}

/** A line's last words and whether the agent hangs up after it (the mark, or the line cap). */
function finishLine(context: AgentContext, tail: string, said: boolean, marked: boolean) {
  const spoken = context.turns.filter((t) => t.user === 'assistant').length + 1;
  return {
    text: said || /\S/.test(tail) ? tail : 'Goodbye.',
    end: marked || spoken >= MAX_AGENT_LINES,
  };
}

/** How much of the text's end could be the start of the end mark. */
function heldBackLength(text: string): number {
  for (let n = Math.min(END_MARK.length - 1, text.length); n > 0; n--) {
    if (END_MARK.startsWith(text.slice(-n))) return n;
  }
  return 0;
}

/** Any OpenAI-compatible chat-completions server plays the agent, through the official client. */
export class LlmAgent implements AgentBrain {
  readonly kind = 'llm' as const;
  readonly description: string;
  private readonly client: OpenAI;

  constructor(
    options: { baseURL: string; apiKey?: string; model: string },
    private readonly model = options.model,
  ) {
    ({ client: this.client, description: this.description } = openAiClient(options, 'llm agent', {
      timeoutMs: TIMEOUT_MS,
      maxRetries: 1,
    }));
  }

  private messages(context: AgentContext, instruction?: string) {
    return [
      { role: 'system' as const, content: system(context) },
      // What the agent did (a tool's answer, digits pressed) reaches the model as a note.
      ...context.turns.map((t) =>
        t.user === 'agent-action'
          ? { role: 'system' as const, content: `[action] ${t.text}` }
          : { role: t.user, content: t.text },
      ),
      ...(instruction ? [{ role: 'user' as const, content: instruction }] : []),
    ];
  }

  private async complete(
    context: AgentContext,
    options: { instruction?: string; tools?: boolean; json?: boolean } = {},
  ) {
    const completion = await this.client.chat.completions.create({
      model: this.model,
      messages: this.messages(context, options.instruction),
      ...(options.tools
        ? { tools: [OPT_OUT_TOOL, ...actionTools(context)], ...temperatureOf(context) }
        : {}),
      ...(options.json ? { response_format: { type: 'json_object' as const } } : {}),
    });
    // Checked with zod: a compatible server may still answer with an odd shape.
    const { message } = Reply.parse(completion).choices[0]!;
    return {
      text: (message.content ?? '').trim(),
      optOut: callsOptOut(message.tool_calls),
      action: firstAction(message.tool_calls, OPT_OUT_TOOL_NAME),
    };
  }

  async nextLine(context: AgentContext): Promise<AgentLine> {
    const opening = fixedOpening(context);
    if (opening) return { text: opening, end: false };
    const { text: raw, optOut, action } = await this.complete(context, { tools: true });
    if (optOut) return OPT_OUT_LINE;
    // The words before the call are said; the call's result is the model's next turn.
    if (action) return { text: raw.replaceAll(END_MARK, '').trim(), end: false, action };
    return finishLine(context, raw.replaceAll(END_MARK, '').trim(), false, raw.includes(END_MARK));
  }

  /**
   * The reply token by token. The end mark may arrive split across chunks, so a tail that could
   * still become it is held back until the next chunk says otherwise.
   */
  async *streamLine(context: AgentContext, signal?: AbortSignal): AsyncIterable<AgentDelta> {
    const opening = fixedOpening(context);
    if (opening) {
      yield { text: opening, end: false };
      return;
    }
    const stream = await this.client.chat.completions.create(
      {
        model: this.model,
        messages: this.messages(context),
        tools: [OPT_OUT_TOOL, ...actionTools(context)],
        stream: true,
        ...temperatureOf(context),
      },
      { signal },
    );
    const calls = new ToolCallPieces();
    let held = '';
    let ended = false;
    let said = false;
    let optOut = false;
    for await (const chunk of stream) {
      const delta = StreamChunk.parse(chunk).choices[0]?.delta;
      // Whatever else the model means to say after it, the callee hears the confirmation only.
      optOut ||= callsOptOut(delta?.tool_calls);
      if (optOut) continue;
      calls.add(delta?.tool_calls);
      held += delta?.content ?? '';
      if (held.includes(END_MARK)) {
        ended = true;
        held = held.replaceAll(END_MARK, '');
      }
      const keep = heldBackLength(held);
      const out = held.slice(0, held.length - keep);
      held = held.slice(held.length - keep);
      if (out) {
        said ||= /\S/.test(out);
        yield { text: out };
      }
    }
    if (optOut) {
      yield { text: `${said ? ' ' : ''}${OPT_OUT_CONFIRMATION}`, end: true, optOut: true };
      return;
    }
    const action = calls.action(OPT_OUT_TOOL_NAME);
    if (action) {
      yield { text: held, end: false, action };
      return;
    }
    yield finishLine(context, held, said, ended);
  }

  async summarize(context: AgentContext, prompt?: string | null): Promise<string> {
    const instruction = prompt
      ? `Summarize this call for a call log, as follows: ${prompt}`
      : 'Summarize this call in two sentences for a call log.';
    return (await this.complete(context, { instruction })).text;
  }

  /** A JSON object of the schema's fields; the caller validates it (and retries once). */
  async analyze(context: AgentContext, request: AnalysisRequest): Promise<unknown> {
    const instruction = [
      'Extract these fields from the call above. Answer with one JSON object only, valid against',
      `this JSON Schema; leave out a field the call does not answer:\n${JSON.stringify(request.schema)}`,
      request.prompt ? `Guidance: ${request.prompt}` : '',
      request.problems?.length
        ? `Your previous answer was refused: ${request.problems.join('; ')}. Correct it.`
        : '',
    ]
      .filter(Boolean)
      .join('\n');
    const { text } = await this.complete(context, { instruction, json: true });
    // A model may still wrap the object in a code fence.
    return JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, '')) as unknown;
  }
}
