import type { AnalysisSchemaObject } from '@/schemas/call-analysis';
import type { AgentContext } from '../../adapters/agent-brain';
import type { CallDeps, CallRow } from '../types';
import { analyzeCall } from './analyze-call';

/** What a completed call ends with besides its status: its summary and analysis. */
export interface CallResults {
  summary: string | null;
  analysis?: Record<string, unknown> | null;
  analysisError?: string | null;
  analysisBy?: 'llm' | 'scripted' | null;
}

/**
 * The summary (as summary_prompt asks) and, with an analysis_schema, the analysis of a call that
 * was heard. Written before the call's lock is taken: both may be model calls.
 */
export async function callResults(
  deps: Pick<CallDeps, 'brain'>,
  call: Pick<CallRow, 'summaryPrompt' | 'analysisSchema' | 'analysisPrompt'>,
  context: AgentContext,
): Promise<CallResults> {
  const [summary, analysis] = await Promise.all([
    deps.brain.summarize(context, call.summaryPrompt).catch(() => null),
    call.analysisSchema
      ? analyzeCall(
          deps.brain,
          context,
          call.analysisSchema as unknown as AnalysisSchemaObject,
          call.analysisPrompt,
        )
      : null,
  ]);
  return { summary, ...analysis };
}
