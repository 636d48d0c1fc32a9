// Portman (@apideck/portman) turns a document into a Postman collection of contract tests and
// fuzz variations; newman runs it (through Prism, like the generated traffic). Portman's own
// assertions must all pass, and every answer newman received is judged by our oracle too.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Answer, Oracle } from './oracle';
import type { DocumentedOperation, Json, OpenApiDocument } from './openapi-document';
import { bodyPointer, parameterMismatch } from './request-cases';
import type { Violation } from './run-generated';
import { send } from './send';

const NOT_JSON = 'not JSON';

interface NewmanExecution {
  item: { name: string };
  request: {
    method: string;
    url: { path?: string[]; query?: { key: string; value: string }[] };
    header?: { key: string; value: string; disabled?: boolean }[];
    body?: { mode?: string; raw?: string };
  };
  response?: {
    code: number;
    header?: { key: string; value: string }[];
    stream?: { data: number[] };
  };
  assertions?: { assertion: string; error?: { message: string } }[];
  requestError?: { message?: string; code?: string };
}

interface NewmanReport {
  run: { executions: NewmanExecution[] };
}

export interface PortmanResult {
  requests: number;
  assertions: number;
  /** Fuzz variations that still conformed to the document (not expected to be refused). */
  stillValid: string[];
  violations: Violation[];
}

function run(args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test' },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
    child.stderr.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** The documented operation a concrete path belongs to. */
function matchOperation(
  operations: DocumentedOperation[],
  method: string,
  pathname: string,
): DocumentedOperation | undefined {
  const candidates = operations.filter((o) => {
    const pattern = new RegExp('^' + o.path.replace(/\{[^}]+\}/g, '[^/]+') + '$');
    return pattern.test(pathname);
  });
  return candidates.find((o) => o.method === method) ?? candidates[0];
}

function queryProblem(
  oracle: Oracle,
  document: OpenApiDocument,
  operation: DocumentedOperation,
  execution: NewmanExecution,
): string | undefined {
  const sent = new Map(
    (execution.request.url.query ?? []).map((q) => [q.key, decodeURIComponent(q.value)]),
  );
  for (const parameter of operation.operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    const value = sent.get(parameter.name);
    if (value === undefined) {
      if (parameter.required) return `${parameter.name} missing`;
      continue;
    }
    const mismatch = parameterMismatch(oracle, document, operation, parameter, value);
    if (mismatch) return `${parameter.name}: ${mismatch}`;
  }
  return undefined;
}

/** Why a fuzz variation breaks the document, or undefined when it still conforms. */
function variationProblem(
  oracle: Oracle,
  document: OpenApiDocument,
  operation: DocumentedOperation | undefined,
  execution: NewmanExecution,
): string | undefined {
  if (!operation) return 'no documented operation';
  const raw = execution.request.body?.mode === 'raw' ? execution.request.body.raw : undefined;
  if (raw === undefined) return queryProblem(oracle, document, operation, execution);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return NOT_JSON;
  }
  return oracle.validate(bodyPointer(operation, 'application/json'), parsed);
}

/** Sends newman's request straight to the server, in newman's report shape. */
async function replay(
  serverUrl: string,
  execution: NewmanExecution,
  pathname: string,
): Promise<NewmanExecution['response']> {
  const query = (execution.request.url.query ?? []).map((q) => `${q.key}=${q.value}`).join('&');
  const answer = await send(serverUrl, {
    method: execution.request.method.toUpperCase(),
    path: query ? `${pathname}?${query}` : pathname,
    headers: Object.fromEntries(
      (execution.request.header ?? [])
        .filter((h) => !h.disabled && !/^(host|content-length)$/i.test(h.key))
        .map((h) => [h.key, h.value]),
    ),
    body: Buffer.from(execution.request.body?.raw ?? '', 'utf8'),
  });
  return {
    code: answer.status,
    header: Object.entries(answer.headers).map(([key, value]) => ({
      key,
      value: Array.isArray(value) ? value.join(', ') : String(value ?? ''),
    })),
    stream: { data: [...answer.body] },
  };
}

export async function runPortman(options: {
  dir: string;
  name: string;
  documentFile: string;
  baseUrl: string;
  /** The server behind Prism: a body newman mangled into non-JSON is replayed here. */
  serverUrl: string;
  config: Json;
  oracle: Oracle;
  operations: DocumentedOperation[];
  document: OpenApiDocument;
  apiKey: string;
}): Promise<PortmanResult> {
  const root = process.cwd();
  const configFile = join(options.dir, `${options.name}-portman.json`);
  const collection = join(options.dir, `${options.name}-collection.json`);
  const report = join(options.dir, `${options.name}-newman.json`);
  writeFileSync(configFile, JSON.stringify(options.config));
  const portman = await run(
    [
      join(root, 'node_modules/@apideck/portman/bin/portman'),
      '--local',
      options.documentFile,
      '--baseUrl',
      options.baseUrl,
      '--portmanConfigFile',
      configFile,
      '--output',
      collection,
    ],
    options.dir,
  );
  if (portman.code !== 0) throw new Error(`portman failed:\n${portman.output}`);
  // newman exits non-zero when an assertion fails; the report says which.
  const newman = await run(
    [join(root, 'tests/fuzz/newman-run.mjs'), collection, report, options.apiKey],
    options.dir,
  );
  let parsed: NewmanReport;
  try {
    parsed = JSON.parse(readFileSync(report, 'utf8')) as NewmanReport;
  } catch {
    throw new Error(`newman wrote no report:\n${newman.output}`);
  }
  const violations: Violation[] = [];
  let assertions = 0;
  const stillValid: string[] = [];
  for (const execution of parsed.run.executions) {
    const method = execution.request.method.toUpperCase();
    const pathname = '/' + (execution.request.url.path ?? []).join('/');
    const label = `${method} ${pathname} (portman: ${execution.item.name})`;
    const operation = matchOperation(options.operations, method, pathname);
    // Whether a variation really breaks the document is checked, not assumed: Portman writes
    // some nested fields at the top level, where unknown keys are allowed.
    const fuzzed = execution.item.name.includes('[Fuzz]');
    const why = fuzzed
      ? variationProblem(options.oracle, options.document, operation, execution)
      : undefined;
    if (fuzzed && why === undefined) stillValid.push(execution.item.name);
    const problems: string[] = [];
    for (const assertion of execution.assertions ?? []) {
      assertions += 1;
      // A variation that still conforms is not expected to be refused (README: exclusions).
      // Its contract tests describe the 400 it was meant to get; the oracle still judges the answer.
      if (fuzzed && why === undefined) continue;
      if (assertion.error)
        problems.push(`portman: ${assertion.assertion}: ${assertion.error.message}`);
    }
    // Prism answers a body that is not JSON itself, in its own shape; our server must be the one judged.
    const response =
      why === NOT_JSON ? await replay(options.serverUrl, execution, pathname) : execution.response;
    if (!response) {
      // Prism or the server hung up (ECONNRESET) or newman gave up: what newman knows of it.
      const error = execution.requestError;
      problems.push(`no answer: ${error?.message ?? error?.code ?? 'unknown'}`);
    } else {
      const answer: Answer = {
        status: response.code,
        headers: Object.fromEntries(
          (response.header ?? []).map((h) => [h.key.toLowerCase(), h.value]),
        ),
        body: Buffer.from(response.stream?.data ?? []),
      };
      problems.push(
        ...options.oracle.judge(
          {
            label,
            operation,
            method,
            conforming: why === undefined,
            why: why ? [`${execution.item.name}: ${why}`] : [],
            viaPrism: why !== NOT_JSON,
          },
          answer,
        ),
      );
    }
    if (problems.length > 0) {
      violations.push({
        label,
        request: `${label} ${execution.request.body?.raw?.slice(0, 300) ?? ''}`,
        status: response?.code ?? 0,
        problems,
        body: Buffer.from(response?.stream?.data ?? [])
          .subarray(0, 3000)
          .toString('utf8'),
      });
    }
  }
  return { requests: parsed.run.executions.length, assertions, stillValid, violations };
}
