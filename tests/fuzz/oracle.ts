// The oracle: what every answer must satisfy. No 5xx; a documented status; a documented content
// type, the required headers and a body matching the documented schema; no stack trace or
// internal detail in a body; a request that breaks the document is never accepted (2xx); a
// method the document does not list gets 405 (OPTIONS 204) with an Allow that agrees with it; and
// Prism's validation proxy found nothing wrong with the response.
import {
  operationsOf,
  type DocumentedOperation,
  type OpenApiDocument,
  type ResponseObject,
} from './openapi-document';
import { describeRefusal, excludedRefusal } from './positive-exclusions';
import { escapePointer, SchemaValidator } from './schema-validator';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface Judged {
  /** What was sent, for the report. */
  label: string;
  operation?: DocumentedOperation;
  method: string;
  /** True when the request conforms to the document (params, body, key). */
  conforming: boolean;
  /** Why it does not, for the report. */
  why?: string[];
  /**
   * True for requests generated from the document with the documented content type: the
   * positive mode judges these (raw byte-level cases are made to break things).
   */
  positive?: boolean;
  /** True when the request went through Prism (its `sl-violations` header is read). */
  viaPrism: boolean;
  body?: Buffer;
}

const INTERNALS: readonly [string, RegExp][] = [
  ['a stack frame', /\bat [\w$.<>]+ \(?[^)\s]*:\d+:\d+\)?/],
  [
    'a source path',
    /(\/work\/|node_modules|\.next\/server|webpack:|file:\/\/\/|[\w-]+\.(?:ts|tsx|js|mjs):\d+)/,
  ],
  [
    'a database error',
    /(duplicate key value|violates (?:check|foreign key|unique) constraint|syntax error at or near|relation "[^"]+"|invalid byte sequence for encoding|unsupported Unicode escape|column "[^"]+")/i,
  ],
  [
    'a driver error',
    /(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ERR_[A-Z_]{4,}|TypeError:|ReferenceError:|SyntaxError: (?!Unexpected token)|RangeError:)/,
  ],
];

function header(answer: Answer, name: string): string | undefined {
  const value = answer.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

function mediaType(value: string | undefined): string {
  return (value ?? '').split(';')[0]!.trim().toLowerCase();
}

function documentedResponse(
  responses: Record<string, ResponseObject>,
  status: number,
): [string, ResponseObject] | undefined {
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
    const found = responses[key];
    if (found) return [key, found];
  }
  return undefined;
}

/** Methods the path serves according to the document, as an Allow header lists them. */
export function documentedAllow(operation: DocumentedOperation): string[] {
  const methods = new Set(operation.pathMethods);
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods].sort();
}

export class Oracle {
  private readonly validator: SchemaValidator;

  private readonly operations: DocumentedOperation[];

  constructor(name: DocumentedOperation['document'], document: OpenApiDocument) {
    this.validator = new SchemaValidator(name, document);
    this.operations = operationsOf(name, document);
  }

  /** Checks a body against a schema at `pointer` in this document. */
  validate(pointer: string, value: unknown): string | undefined {
    return this.validator.validate(pointer, value);
  }

  judge(sent: Judged, answer: Answer): string[] {
    const problems: string[] = [];
    const text = answer.body.toString('utf8');
    if (answer.status >= 500) problems.push(`status ${answer.status}`);
    const contentType = mediaType(header(answer, 'content-type'));
    if (!contentType.startsWith('audio/')) {
      for (const [what, pattern] of INTERNALS) {
        const match = pattern.exec(text);
        if (match) problems.push(`${what} in the body: ${JSON.stringify(match[0])}`);
      }
    }
    if (sent.viaPrism) problems.push(...this.prismViolations(answer));
    const operation = sent.operation;
    if (!operation) return problems;
    const method = sent.method.toUpperCase();
    const asGet = method === 'HEAD' && operation.pathMethods.includes('GET');
    const judgedAs = asGet ? 'GET' : method;
    if (!operation.pathMethods.includes(judgedAs)) {
      problems.push(...this.undocumentedMethod(operation, method, answer));
      return problems;
    }
    // Another documented method of the same path: judged by that operation, never conforming
    // (its parameters and body were made for the other one).
    const target =
      judgedAs === operation.method
        ? operation
        : this.operations.find((o) => o.path === operation.path && o.method === judgedAs)!;
    if (target === operation && !sent.conforming && answer.status < 300) {
      problems.push(
        `a request that breaks the document (${(sent.why ?? []).join('; ') || 'method of another operation'}) was accepted with ${answer.status}`,
      );
    }
    // Positive mode (as Schemathesis' positive_data_acceptance): a request that conforms to the
    // document is not refused as invalid, unless the refusal is on the reasoned short list.
    if (
      target === operation &&
      sent.conforming &&
      sent.positive &&
      (answer.status === 400 || answer.status === 422) &&
      !excludedRefusal(sent, answer)
    ) {
      problems.push(
        `a schema-compliant request was rejected with ${answer.status}: ${describeRefusal(answer)}`,
      );
    }
    const documented = documentedResponse(target.operation.responses, answer.status);
    if (!documented) {
      problems.push(`status ${answer.status} is not documented`);
      return problems;
    }
    const [key, response] = documented;
    for (const [name, spec] of Object.entries(response.headers ?? {})) {
      if (spec.required && header(answer, name) === undefined)
        problems.push(`header ${name} missing`);
    }
    if (method === 'HEAD') return problems;
    const content = response.content ?? {};
    const types = Object.keys(content);
    if (types.length === 0) {
      if (answer.body.length > 0) problems.push(`a body on ${key}, which documents none`);
      return problems;
    }
    const matched = types.find((type) => mediaType(type) === contentType);
    if (!matched) {
      problems.push(
        `content type ${JSON.stringify(contentType)} on ${key} (documented: ${types.join(', ')})`,
      );
      return problems;
    }
    if (/json/.test(matched) && content[matched]!.schema) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        problems.push(`${key} body is not JSON`);
        return problems;
      }
      const pointer = [
        'paths',
        target.path,
        target.method.toLowerCase(),
        'responses',
        key,
        'content',
        matched,
        'schema',
      ]
        .map(escapePointer)
        .join('/');
      const mismatch = this.validate('/' + pointer, parsed);
      if (mismatch) problems.push(`${key} body does not match its schema: ${mismatch}`);
    }
    return problems;
  }

  private undocumentedMethod(operation: DocumentedOperation, method: string, answer: Answer) {
    const problems: string[] = [];
    const expected = method === 'OPTIONS' ? 204 : 405;
    // A path that does not exist (an id that is not valid UTF-8, say) is 404 whatever the method.
    if (answer.status === 404) return method === 'HEAD' ? [] : this.envelope(answer, 404);
    if (answer.status !== expected) {
      problems.push(`${method} (not in the document) answered ${answer.status}, not ${expected}`);
    }
    const allow = (header(answer, 'allow') ?? '')
      .split(',')
      .map((m) => m.trim().toUpperCase())
      .filter(Boolean)
      .sort();
    const documented = documentedAllow(operation);
    if (allow.join(',') !== documented.join(',')) {
      problems.push(
        `Allow is ${allow.join(', ') || '(none)'}; the document lists ${documented.join(', ')}`,
      );
    }
    if (expected === 405 && answer.status === 405 && method !== 'HEAD') {
      problems.push(...this.envelope(answer, 405));
    }
    return problems;
  }

  private envelope(answer: Answer, status: number): string[] {
    try {
      const mismatch = this.validate(
        '/components/schemas/ApiError',
        JSON.parse(answer.body.toString('utf8')),
      );
      return mismatch ? [`${status} body is not the error envelope: ${mismatch}`] : [];
    } catch {
      return [`${status} body is not JSON`];
    }
  }

  private prismViolations(answer: Answer): string[] {
    const raw = header(answer, 'sl-violations');
    if (!raw) return [];
    const start = raw.indexOf('[');
    let violations: { location?: string[]; severity?: string; message?: string }[] = [];
    try {
      violations = JSON.parse(raw.slice(start)) as typeof violations;
    } catch {
      // "Too many violations!" truncates the JSON; look for a response violation in the text.
      return raw.includes('"response"') ? [`prism: ${raw.slice(0, 300)}`] : [];
    }
    return violations
      .filter((v) => v.location?.[0] === 'response' && v.severity === 'Error')
      .map((v) => `prism: ${v.location?.join('.')} ${v.message ?? ''}`);
  }
}
