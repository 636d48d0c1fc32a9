// Generated requests for one documented operation: path and query parameters, headers (the key
// in each accepted and refused form), bodies valid and broken, content types right and wrong,
// and now and then a method the path does not document. Every request is classified as
// conforming or not by validating what was actually sent against the document.
import fc from 'fast-check';
import examples from './examples.json';
import type { Judged, Oracle } from './oracle';
import {
  resolve,
  type DocumentedOperation,
  type Json,
  type OpenApiDocument,
  type Parameter,
  type Schema,
} from './openapi-document';
import { applyBreaker, breakerArbitrary, NASTY_STRINGS } from './schema-breakers';
import { escapePointer } from './schema-validator';
import { valueArbitrary } from './schema-values';

/** Real values made during set-up (a call, a batch, a share, an OAuth client). */
export interface FuzzContext {
  apiKey: string;
  callIds: string[];
  batchIds: string[];
  shareIds: string[];
  /** Saved agents: the first for every operation, the second for the one that deletes it. */
  agentIds: string[];
  /** The org's phone numbers (sandbox), the first answered by the first agent. */
  numbers: string[];
  recording: { callId: string; expires: string; signature: string };
  oauthClientId: string;
}

export interface FuzzRequest extends Judged {
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

/** encodeURIComponent throws on a lone surrogate; send its UTF-8 bytes' escapes anyway. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

function realValues(name: string, context: FuzzContext): string[] {
  switch (name) {
    case 'call_id':
      return context.callIds;
    case 'batch_id':
      return context.batchIds;
    case 'share_id':
      return context.shareIds;
    case 'agent_id':
      return context.agentIds;
    case 'number':
      return context.numbers;
    case 'voice_id':
      return examples.voiceIds;
    case 'slug':
      return examples.blogSlugs;
    case 'client_id':
      return [context.oauthClientId];
    case 'redirect_uri':
      return examples.redirectUris;
    case 'expires':
      return [context.recording.expires];
    case 'signature':
      return [context.recording.signature];
    default:
      return [];
  }
}

function parameterValue(
  document: OpenApiDocument,
  parameter: Parameter,
  context: FuzzContext,
): fc.Arbitrary<string> {
  const real = realValues(parameter.name, context);
  const generated = (
    parameter.schema ? valueArbitrary(document, parameter.schema) : fc.string()
  ).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 3, arbitrary: generated },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  ];
  if (real.length > 0) options.push({ weight: 6, arbitrary: fc.constantFrom(...real) });
  return fc.oneof(...options);
}

type AuthForm = 'bearer' | 'bare' | 'none' | 'garbage' | 'x-api-key';

const authForm: fc.Arbitrary<AuthForm> = fc.oneof(
  { weight: 30, arbitrary: fc.constant<AuthForm>('bearer') },
  { weight: 3, arbitrary: fc.constant<AuthForm>('bare') },
  { weight: 2, arbitrary: fc.constant<AuthForm>('none') },
  { weight: 2, arbitrary: fc.constant<AuthForm>('garbage') },
  { weight: 1, arbitrary: fc.constant<AuthForm>('x-api-key') },
);

function authHeaders(form: AuthForm, key: string): Record<string, string> {
  switch (form) {
    case 'bearer':
      return { authorization: `Bearer ${key}` };
    case 'bare':
      return { authorization: key };
    case 'garbage':
      return { authorization: 'Bearer vai_sk_not-a-real-key' };
    case 'x-api-key':
      return { 'x-api-key': key };
    case 'none':
      return {};
  }
}

function multipart(fields: Record<string, Json>, boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const isFile = name === 'audio_samples' || name === 'consent_recording';
      parts.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${name}"` +
            (isFile ? `; filename="sample.wav"\r\ncontent-type: audio/wav` : '') +
            `\r\n\r\n${typeof item === 'string' ? item : JSON.stringify(item)}\r\n`,
        ),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

function encodeBody(mediaType: string, value: Json | undefined): { body?: Buffer; type?: string } {
  if (value === undefined) return {};
  if (mediaType === 'multipart/form-data') {
    const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
    const fields =
      value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
    return { body: multipart(fields, boundary), type: `multipart/form-data; boundary=${boundary}` };
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams();
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value))
        form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    }
    return { body: Buffer.from(form.toString()), type: mediaType };
  }
  return { body: Buffer.from(JSON.stringify(value)), type: mediaType };
}

/** Requests for `operation`, all drawn from one fast-check arbitrary. */
export function requestArbitrary(
  target: DocumentedOperation,
  document: OpenApiDocument,
  oracle: Oracle,
  context: FuzzContext,
): fc.Arbitrary<FuzzRequest> {
  const parameters = target.operation.parameters ?? [];
  const paramArbitraries: Record<string, fc.Arbitrary<string | undefined>> = {};
  for (const parameter of parameters) {
    const value = parameterValue(document, parameter, context);
    // A path parameter is always there and never empty: without it the path is another route.
    // Nor "." or "..": every client removes such a segment (RFC 3986, 5.2.4), so the request
    // would be for another path (`PATCH /v1/numbers/.` is `PATCH /v1/numbers`, a 405).
    paramArbitraries[`${parameter.in}:${parameter.name}`] =
      parameter.in === 'path'
        ? value.filter((v) => v.length > 0 && v !== '.' && v !== '..')
        : parameter.required
          ? fc.oneof(
              { weight: 12, arbitrary: value },
              { weight: 1, arbitrary: fc.constant(undefined) },
            )
          : fc.option(value, { freq: 2 }).map((v) => v ?? undefined);
  }
  const content = target.operation.requestBody?.content ?? {};
  const mediaType = Object.keys(content)[0];
  const bodySchema = mediaType ? content[mediaType]!.schema : undefined;
  const bodyArbitrary: fc.Arbitrary<Json | undefined> = bodySchema
    ? fc.oneof(
        { weight: 6, arbitrary: valueArbitrary(document, bodySchema) },
        {
          weight: 4,
          arbitrary: fc
            .tuple(valueArbitrary(document, bodySchema), breakerArbitrary)
            .map(([value, breaker]) => applyBreaker(document, bodySchema, value, breaker)),
        },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.constant(undefined);
  const methodArbitrary = fc.oneof(
    { weight: 14, arbitrary: fc.constant(target.method) },
    { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
  );
  const contentTypeArbitrary = fc.oneof(
    { weight: 12, arbitrary: fc.constant<string | undefined>(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | undefined>(
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        '',
      ),
    },
  );
  const ipArbitrary = fc
    .tuple(
      fc.integer({ min: 1, max: 223 }),
      fc.nat(255),
      fc.nat(255),
      fc.integer({ min: 1, max: 254 }),
    )
    .map((parts) => parts.join('.'));

  return fc
    .record({
      params: fc.record(paramArbitraries),
      body: bodyArbitrary,
      method: methodArbitrary,
      auth: authForm,
      contentType: contentTypeArbitrary,
      ip: ipArbitrary,
    })
    .map(({ params, body, method, auth, contentType, ip }) => {
      let path = target.path;
      const query = new URLSearchParams();
      const headers: Record<string, string> = {
        ...authHeaders(auth, context.apiKey),
        'x-forwarded-for': ip,
      };
      const why: string[] = [];
      for (const parameter of parameters) {
        let value = params[`${parameter.in}:${parameter.name}`];
        if (parameter.in === 'header' && value !== undefined) {
          // What the server receives: a header that cannot be sent is not sent, and HTTP drops
          // the spaces and tabs around a value.
          value = /^[\t\x20-\x7e]*$/.test(value)
            ? value.replace(/^[ \t]+|[ \t]+$/g, '')
            : undefined;
        }
        if (value === undefined) {
          if (parameter.required) why.push(`${parameter.name} missing`);
          continue;
        }
        const mismatch = parameterMismatch(oracle, document, target, parameter, value);
        if (mismatch) why.push(`${parameter.in} ${parameter.name}: ${mismatch}`);
        if (parameter.in === 'path')
          path = path.replace(`{${parameter.name}}`, encodeSegment(value));
        else if (parameter.in === 'query') query.append(parameter.name, value);
        else if (parameter.in === 'header') headers[parameter.name] = value;
      }
      const encoded =
        mediaType && method !== 'GET' && method !== 'HEAD' ? encodeBody(mediaType, body) : {};
      if (encoded.type) headers['content-type'] = contentType ?? encoded.type;
      const search = query.toString();
      // The content type is not part of conformance: routes read a JSON body under any type.
      if (mediaType && method === target.method) {
        if (body === undefined) {
          if (target.operation.requestBody?.required) why.push('body missing');
        } else {
          const mismatch = oracle.validate(bodyPointer(target, mediaType), body);
          if (mismatch) why.push(`body ${mismatch}`);
        }
      }
      if (target.needsKey && auth !== 'bearer' && auth !== 'bare') why.push(`key ${auth}`);
      return {
        label: `${method} ${target.path}`,
        operation: target,
        method,
        path: path + (search ? `?${search}` : ''),
        headers,
        body: encoded.body,
        conforming: why.length === 0,
        positive: contentType === undefined,
        why,
        viaPrism:
          prismCanCarry(target, method, body, path) &&
          !(contentType?.includes('json') && mediaType !== 'application/json'),
      };
    });
}

/** Why a sent parameter's value breaks its documented schema, or undefined when it conforms. */
export function parameterMismatch(
  oracle: Oracle,
  document: OpenApiDocument,
  target: DocumentedOperation,
  parameter: Parameter,
  value: string,
): string | undefined {
  if (!parameter.schema) return undefined;
  return oracle.validate(
    parameterPointer(target, parameter),
    coerce(value, resolve(document, parameter.schema)),
  );
}

/** Query and path values are text; a number or boolean schema reads them as such. */
function coerce(value: string, schema: Schema): Json {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const numeric = types.includes('integer') || types.includes('number');
  if (numeric && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

const DIRECT_PATHS = new Set(['/v2/tts/ws', '/authorization/authorize']);

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Prism answers HEAD itself with a 500 (it parses the empty body as JSON), strips the hop-by-hop
 * `Upgrade` header the WebSocket path's 426 must carry, follows the authorization endpoint's 303
 * to the client's redirect URI, sends a JSON string body as bare text and drops a falsy one
 * (null, false, 0), answers a non-JSON body labelled JSON with a 400 of its own, and exits on a
 * path whose escapes are not UTF-8. Those requests go straight to the server; the oracle is the
 * same.
 */
function prismCanCarry(
  target: DocumentedOperation,
  method: string,
  body: Json | undefined,
  path: string,
): boolean {
  return (
    method !== 'HEAD' &&
    !DIRECT_PATHS.has(target.path) &&
    typeof body !== 'string' &&
    (body === undefined || Boolean(body)) &&
    decodes(path)
  );
}

function operationPointer(target: DocumentedOperation): string {
  return '/' + ['paths', target.path, target.method.toLowerCase()].map(escapePointer).join('/');
}

function parameterPointer(target: DocumentedOperation, parameter: Parameter): string {
  const index = (target.operation.parameters ?? []).indexOf(parameter);
  return `${operationPointer(target)}/parameters/${index}/schema`;
}

export function bodyPointer(target: DocumentedOperation, mediaType: string): string {
  return `${operationPointer(target)}/requestBody/content/${escapePointer(mediaType)}/schema`;
}

/** `count` requests for the operation, reproducible from `seed`. */
export function sampleRequests(
  target: DocumentedOperation,
  document: OpenApiDocument,
  oracle: Oracle,
  context: FuzzContext,
  count: number,
  seed: number,
): FuzzRequest[] {
  return fc.sample(requestArbitrary(target, document, oracle, context), { seed, numRuns: count });
}
