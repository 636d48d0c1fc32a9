// Sends the generated requests of both documents (through each document's Prism proxy, or
// straight to the server for byte-level ones) and collects every answer the oracle objects to.
import type { Oracle } from './oracle';
import type { FuzzRequest } from './request-cases';
import { pool, send } from './send';

export interface Violation {
  label: string;
  request: string;
  status: number;
  problems: string[];
  body: string;
}

export interface RunResult {
  sent: number;
  statuses: Record<string, number>;
  violations: Violation[];
}

export interface Target {
  oracle: Oracle;
  prismUrl: string;
  serverUrl: string;
}

export async function runGenerated(
  requests: { request: FuzzRequest; target: Target }[],
  concurrency: number,
): Promise<RunResult> {
  const statuses: Record<string, number> = {};
  const violations: Violation[] = [];
  await pool(requests, concurrency, async ({ request, target }) => {
    const base = request.viaPrism ? target.prismUrl : target.serverUrl;
    let problems: string[];
    let status = 0;
    let body = '';
    try {
      const answer = await send(base, request);
      status = answer.status;
      body = answer.body.subarray(0, 400).toString('utf8');
      problems = target.oracle.judge(request, answer);
    } catch (error) {
      problems = [`no answer: ${(error as Error).message}`];
    }
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (problems.length > 0) {
      violations.push({
        label: request.label,
        request: `${request.viaPrism ? 'prism' : 'direct'} ${request.method} ${request.path.slice(0, 200)} ${request.body?.subarray(0, 300).toString('utf8') ?? ''} [${(request.why ?? []).join('; ')}]`,
        status,
        problems,
        body,
      });
    }
  });
  return { sent: requests.length, statuses, violations };
}

/** One line per kind of violation, with how often it happened. */
export function summarize(violations: Violation[]): string {
  const grouped = new Map<string, number>();
  for (const v of violations) {
    for (const problem of v.problems) {
      const key = `${v.label.split(' ').slice(0, 2).join(' ')} | ${problem.slice(0, 160)}`;
      grouped.set(key, (grouped.get(key) ?? 0) + 1);
    }
  }
  return [...grouped.entries()].map(([key, n]) => `${n}× ${key}`).join('\n');
}
