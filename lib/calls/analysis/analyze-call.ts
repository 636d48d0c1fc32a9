import type { AnalysisSchemaObject } from '@/schemas/call-analysis';
import { scriptedAnalysis, type AgentBrain, type AgentContext } from '../../adapters/agent-brain';
import { analysisProblems } from './validate-analysis';

export interface AnalysisOutcome {
  analysis: Record<string, unknown> | null;
  analysisError: string | null;
  analysisBy: 'llm' | 'scripted';
}

/** One answer of the brain, or why there is none (a reply that is not JSON, a failed request). */
async function ask(
  brain: AgentBrain,
  context: AgentContext,
  schema: AnalysisSchemaObject,
  prompt: string | null,
  problems?: string[],
): Promise<{ value: unknown } | { failed: string }> {
  if (!brain.analyze) return { value: scriptedAnalysis(context.turns, schema) };
  try {
    return { value: await brain.analyze(context, { schema, prompt, problems }) };
  } catch (error) {
    return {
      failed: error instanceof SyntaxError ? 'the answer was not JSON' : 'the model failed',
    };
  }
}

/**
 * The call's analysis: the brain's answer, validated against the schema. An answer that does not
 * validate is asked for once more, told why; a second miss leaves analysis null with the reason.
 */
export async function analyzeCall(
  brain: AgentBrain,
  context: AgentContext,
  schema: AnalysisSchemaObject,
  prompt: string | null,
): Promise<AnalysisOutcome> {
  const analysisBy = brain.kind === 'llm' && brain.analyze ? 'llm' : 'scripted';
  let problems: string[] | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = await ask(brain, context, schema, prompt, problems);
    problems =
      'failed' in answer ? [answer.failed] : analysisProblems(answer.value, schema).slice(0, 10);
    if ('value' in answer && problems.length === 0)
      return { analysis: answer.value as Record<string, unknown>, analysisError: null, analysisBy };
  }
  return {
    analysis: null,
    analysisError: `The answer did not validate against analysis_schema twice: ${problems!.join('; ')}`,
    analysisBy,
  };
}
