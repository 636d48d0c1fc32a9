import { describe, expect, it } from 'vitest';
import { ScriptedAgent, type AgentBrain, type AgentContext } from '@/lib/adapters/agent-brain';
import { scriptedAnalysis } from '@/lib/adapters/agent-brain/scripted-analysis';
import { analyzeCall } from '@/lib/calls/analysis/analyze-call';
import { analysisProblems } from '@/lib/calls/analysis/validate-analysis';
import { ApiError } from '@/lib/platform/errors/api-error';
import { parseBody } from '@/lib/platform/http/parse-body';
import { AnalysisSchema, type AnalysisSchemaObject } from '@/schemas/call-analysis';
import { CallDispatchRequest } from '@/schemas/calls';

const schema = {
  type: 'object',
  properties: {
    interested: { type: 'boolean', description: 'Wants the upgrade' },
    seats: { type: 'integer', description: 'How many seats' },
    plan: { type: 'string', enum: ['basic', 'pro', 'enterprise'] },
    start_date: { type: 'string', format: 'date' },
    colours: { type: 'array', items: { type: 'string', enum: ['red', 'green', 'blue'] } },
  },
  required: ['interested'],
} satisfies AnalysisSchemaObject;

const dispatchError = (body: Record<string, unknown>) => {
  try {
    parseBody(CallDispatchRequest, { phone_number: '+14155550123', task: 'Ask.', ...body });
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, message: error.message };
    throw error;
  }
  return null;
};

describe('analysis_schema: the JSON Schema subset', () => {
  it('takes strings, numbers, integers, booleans, enums, formats and arrays of those', () => {
    expect(AnalysisSchema.parse(schema)).toEqual(schema);
  });

  it.each([
    [{ type: 'object', properties: { a: { oneOf: [{ type: 'string' }] } } }, 'properties.a.oneOf'],
    [{ type: 'object', properties: { a: { type: 'string', pattern: '^x' } } }, 'pattern'],
    [{ type: 'object', properties: {}, $ref: '#/x' }, '$ref'],
    [{ type: 'object', properties: { a: { type: 'object' } } }, 'type'],
    [
      { type: 'object', properties: { a: { type: 'array', items: { type: 'array' } } } },
      'a.items.type',
    ],
  ])('refuses %j with 400 naming the keyword %s', (bad, keyword) => {
    const error = dispatchError({ analysis_schema: bad });
    expect(error?.code).toBe('INVALID_BODY');
    expect(error?.message).toContain(`analysis_schema.`);
    expect(error?.message).toContain(keyword);
  });

  it('refuses 51 properties and takes 50', () => {
    const of = (n: number) => ({
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: n }, (_, i) => [`f${i}`, { type: 'string' }]),
      ),
    });
    expect(dispatchError({ analysis_schema: of(50) })).toBeNull();
    expect(dispatchError({ analysis_schema: of(51) })).toEqual({
      code: 'INVALID_BODY',
      message: 'analysis_schema.properties: must name 1–50 fields (got 51)',
    });
  });

  it('refuses a schema over 16 KB as JSON (each batch call keeps a copy)', () => {
    const long = {
      type: 'object',
      properties: { a: { type: 'string', description: 'x'.repeat(16_400) } },
    };
    expect(dispatchError({ analysis_schema: long })).toEqual({
      code: 'INVALID_BODY',
      message: 'analysis_schema: must be at most 16384 bytes as JSON (16 KB)',
    });
  });

  it('refuses an enum value of another type than the field’s', () => {
    const bad = { type: 'object', properties: { n: { type: 'integer', enum: [1, 'two'] } } };
    expect(dispatchError({ analysis_schema: bad })?.message).toBe(
      'analysis_schema.properties.n.enum: every enum value must be of type integer',
    );
  });

  it('refuses metadata over 16 KB, takes it at 16 KB', () => {
    const sized = (bytes: number) => ({ note: 'x'.repeat(bytes - '{"note":""}'.length) });
    expect(dispatchError({ metadata: sized(16 * 1024) })).toBeNull();
    expect(dispatchError({ metadata: sized(16 * 1024 + 1) })).toEqual({
      code: 'INVALID_BODY',
      message: 'metadata: must be at most 16384 bytes as JSON (16 KB)',
    });
  });
});

describe('an answer validated against the schema', () => {
  it('passes when every field has its type, enum and format', () => {
    const answer = {
      interested: true,
      seats: 12,
      plan: 'pro',
      start_date: '2026-12-01',
      colours: ['red'],
    };
    expect(analysisProblems(answer, schema)).toEqual([]);
  });

  it('names every field that does not', () => {
    expect(
      analysisProblems(
        { seats: 1.5, plan: 'gold', start_date: 'soon', colours: ['pink'], extra: 1 },
        schema,
      ),
    ).toEqual([
      'interested: required but missing',
      'seats: must be an integer',
      'plan: must be one of ["basic","pro","enterprise"]',
      'start_date: must be a date (YYYY-MM-DD)',
      'colours[0]: must be one of ["red","green","blue"]',
      'extra: not a field of the schema',
    ]);
    expect(analysisProblems([1], schema)).toEqual(['the answer must be a JSON object']);
  });
});

const turns: AgentContext['turns'] = [
  { user: 'assistant', text: 'Hi, are you interested in the upgrade?' },
  { user: 'user', text: 'Yes, I think so.' },
  { user: 'assistant', text: 'How many seats would you need?' },
  { user: 'user', text: 'About twelve, maybe 15 next year.' },
  { user: 'assistant', text: 'Which plan, and when should it start?' },
  { user: 'user', text: 'The Pro plan, from December 1, 2026. We like blue and red.' },
];

describe('the scripted analysis (no model)', () => {
  it('reads yes/no, numbers, enum words, dates and lists from the callee’s lines', () => {
    expect(scriptedAnalysis(turns, schema)).toEqual({
      interested: true,
      seats: 12,
      plan: 'pro',
      start_date: '2026-12-01',
      colours: ['blue', 'red'],
    });
  });

  it('leaves out what the callee never said, and reads "no" as false', () => {
    const said: AgentContext['turns'] = [
      { user: 'assistant', text: 'Are you interested in the upgrade?' },
      { user: 'user', text: 'No, not really.' },
    ];
    expect(scriptedAnalysis(said, schema)).toEqual({ interested: false });
  });

  it('never reads the agent’s own words as the callee’s', () => {
    const agentOnly: AgentContext['turns'] = [
      { user: 'assistant', text: 'Yes, 12 seats of the pro plan from 2026-12-01.' },
    ];
    expect(scriptedAnalysis(agentOnly, schema)).toEqual({});
  });
});

const context: AgentContext = {
  task: 'Sell the upgrade.',
  firstSentence: null,
  voice: null,
  language: null,
  answeredBy: 'human',
  turns,
};

/** An LLM stand-in answering from a list, recording what it was told. */
function modelAnswering(...answers: (unknown | Error)[]) {
  const asked: (string[] | undefined)[] = [];
  const brain: AgentBrain = {
    kind: 'llm',
    description: 'test model',
    nextLine: () => Promise.resolve({ text: 'Hi.', end: true }),
    summarize: () => Promise.resolve('A call.'),
    analyze: (_context, request) => {
      asked.push(request.problems);
      const answer = answers[asked.length - 1];
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  return { brain, asked };
}

describe('analyzeCall', () => {
  it('asks once more, telling why, when the first answer does not validate', async () => {
    const { brain, asked } = modelAnswering({ interested: 'yes' }, { interested: true });
    await expect(analyzeCall(brain, context, schema, null)).resolves.toEqual({
      analysis: { interested: true },
      analysisError: null,
      analysisBy: 'llm',
    });
    expect(asked).toEqual([undefined, ['interested: must be a boolean']]);
  });

  it('gives null with the reason after a second answer that does not validate', async () => {
    const { brain, asked } = modelAnswering({ seats: 'many' }, new SyntaxError('not JSON'));
    await expect(analyzeCall(brain, context, schema, null)).resolves.toEqual({
      analysis: null,
      analysisError:
        'The answer did not validate against analysis_schema twice: the answer was not JSON',
      analysisBy: 'llm',
    });
    expect(asked).toHaveLength(2);
  });

  it('is labelled scripted when the scripted brain fills it', async () => {
    await expect(analyzeCall(new ScriptedAgent(), context, schema, null)).resolves.toMatchObject({
      analysis: { interested: true, plan: 'pro' },
      analysisBy: 'scripted',
    });
  });
});
