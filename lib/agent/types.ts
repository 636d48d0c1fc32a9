import type { LineTurn } from '../telephony/types';

export interface AgentContext {
  task: string;
  firstSentence: string | null;
  voice: string | null;
  language: string | null;
  answeredBy: 'human' | 'voicemail';
  /** Everything said so far, both sides, in order. */
  turns: LineTurn[];
}

export interface AgentLine {
  text: string;
  /** True: the agent hangs up after this line. */
  end: boolean;
}

/** The agent brain port: decides the agent's next line of a call. */
export interface AgentBrain {
  readonly kind: 'scripted' | 'llm';
  readonly description: string;
  nextLine(context: AgentContext): Promise<AgentLine>;
  /** A one-paragraph summary of a finished call. */
  summarize(context: AgentContext): Promise<string>;
}
