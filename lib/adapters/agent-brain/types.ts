import type { AnalysisSchemaObject } from '@/schemas/call-analysis';
import type { LineTurn } from '../telephony/types';

export interface AgentContext {
  task: string;
  firstSentence: string | null;
  voice: string | null;
  language: string | null;
  answeredBy: 'human' | 'voicemail';
  /** Everything said so far, both sides, in order; `agent-action` lines say what the agent did. */
  turns: LineTurn[];
  /** Functions the agent may call on this call (the call's tools, transfer, keypad); unset: none. */
  actions?: AgentActionSpec[];
  /** The model's sampling temperature for the call's replies (0–2); unset: the model's own. */
  temperature?: number;
}

/** A function offered to the model as a tool (OpenAI function tools), built in lib/calls/actions. */
export interface AgentActionSpec {
  name: string;
  description: string;
  /** JSON Schema of the input: an object schema. */
  parameters: Record<string, unknown>;
}

/** The model called one of the call's actions: the reply stops there and the loop runs it. */
export interface AgentAction {
  name: string;
  /** The arguments as the model sent them, parsed JSON (the action validates them). */
  input: unknown;
}

export interface AgentLine {
  text: string;
  /** True: the agent hangs up after this line. */
  end: boolean;
  /** True: the callee asked not to be called again; this line confirms it (and ends the call). */
  optOut?: boolean;
  /** The agent calls this after speaking `text` (which may be empty); the result is its next turn. */
  action?: AgentAction;
}

/** A piece of a reply as it arrives; the last one says whether the agent hangs up after it. */
export interface AgentDelta {
  text: string;
  end?: boolean;
  /** On the last piece: the callee asked not to be called again (as AgentLine's). */
  optOut?: boolean;
  /** On the last piece: the action the agent calls after this reply (as AgentLine's). */
  action?: AgentAction;
}

/** What to extract from a finished call (analysis_schema and analysis_prompt). */
export interface AnalysisRequest {
  schema: AnalysisSchemaObject;
  prompt: string | null;
  /** On the retry: why the previous answer did not validate. */
  problems?: string[];
}

/** The agent brain port: decides the agent's next line of a call. */
export interface AgentBrain {
  readonly kind: 'scripted' | 'llm';
  readonly description: string;
  nextLine(context: AgentContext): Promise<AgentLine>;
  /**
   * The same line as it is produced, for live calls; an aborted signal stops it. Brains without
   * it are streamed whole (see streamLine in stream-line.ts).
   */
  streamLine?(context: AgentContext, signal?: AbortSignal): AsyncIterable<AgentDelta>;
  /** A one-paragraph summary of a finished call, written as `prompt` asks when given. */
  summarize(context: AgentContext, prompt?: string | null): Promise<string>;
  /**
   * The schema's fields read from a finished call: an object to be validated by the caller.
   * Brains without it are read by rule (scriptedAnalysis), as the scripted brain does.
   */
  analyze?(context: AgentContext, request: AnalysisRequest): Promise<unknown>;
}
