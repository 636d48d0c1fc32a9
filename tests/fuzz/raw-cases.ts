// Byte-level requests that Prism cannot carry (it parses JSON bodies itself, decodes text as
// UTF-8 and refuses bodies on GET), so they go straight to the server: invalid UTF-8, malformed
// and huge and deeply nested JSON, wrong content types, broken percent-escapes, methods Next
// cannot serve, oversized headers. A body counts as conforming only if it parses and matches the
// document; the other requests are not judged as refusals, only by the rest of the oracle.
import type { Oracle } from './oracle';
import type { DocumentedOperation } from './openapi-document';
import { bodyPointer, type FuzzContext, type FuzzRequest } from './request-cases';

const INVALID_UTF8 = [
  Buffer.from([0x7b, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from('{"task":"\xed\xa0\x80","phone_number":"+14155550123"}', 'latin1'),
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
];

const MALFORMED_JSON = [
  '{',
  '{"a":',
  'nul',
  '[1,2',
  '{"a":1}garbage',
  '',
  '{"__proto__":{"x":1}}',
  '1e999999',
];

function deepJson(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

function deepObject(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Fills path templates with a real value where set-up made one. */
function concretePath(operation: DocumentedOperation, context: FuzzContext): string {
  return operation.path
    .replace('{call_id}', context.callIds[0]!)
    .replace('{voice_id}', 'ava')
    .replace('{share_id}', context.shareIds[0]!)
    .replace('{slug}', 'tcpa-consent-checklist');
}

function bodies(): { label: string; body: Buffer; type: string }[] {
  const json = 'application/json';
  return [
    ...INVALID_UTF8.map((body, i) => ({ label: `invalid UTF-8 #${i}`, body, type: json })),
    ...MALFORMED_JSON.map((text, i) => ({
      label: `malformed JSON #${i}`,
      body: Buffer.from(text),
      type: json,
    })),
    { label: 'deep array', body: Buffer.from(deepJson(100_000)), type: json },
    { label: 'deep object', body: Buffer.from(deepObject(50_000)), type: json },
    {
      label: 'huge body (2 MB)',
      body: Buffer.from(JSON.stringify({ text: 'x'.repeat(2 << 20) })),
      type: json,
    },
    { label: 'xml', body: Buffer.from('<?xml version="1.0"?><a>1</a>'), type: 'application/xml' },
    { label: 'form', body: Buffer.from('a=1&b=%ff'), type: 'application/x-www-form-urlencoded' },
    {
      label: 'multipart junk',
      body: Buffer.from('--x\r\n\r\n'),
      type: 'multipart/form-data; boundary=x',
    },
    { label: 'no content type', body: Buffer.from('{"a":1}'), type: '' },
  ];
}

function bodyProblem(
  oracle: Oracle,
  operation: DocumentedOperation,
  body: Buffer,
): string | undefined {
  if (body.length === 0 && !operation.operation.requestBody?.required) return undefined;
  const mediaType = Object.keys(operation.operation.requestBody?.content ?? {})[0];
  if (!mediaType || !/json/.test(mediaType)) return 'not the documented media type';
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body));
  } catch {
    return 'not JSON in UTF-8';
  }
  return oracle.validate(bodyPointer(operation, mediaType), parsed);
}

export function rawRequests(
  operations: DocumentedOperation[],
  context: FuzzContext,
  oracle: Oracle,
): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const auth = { authorization: `Bearer ${context.apiKey}` };
  for (const operation of operations) {
    const path = concretePath(operation, context);
    const base = { operation, conforming: true, viaPrism: false };
    if (operation.operation.requestBody) {
      for (const { label, body, type } of bodies()) {
        const problem = bodyProblem(oracle, operation, body);
        requests.push({
          ...base,
          conforming: problem === undefined,
          why: problem ? [problem] : [],
          label: `${operation.method} ${operation.path} ${label}`,
          method: operation.method,
          path,
          headers: { ...auth, ...(type ? { 'content-type': type } : {}) },
          body,
        });
      }
    }
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'PURGE']) {
      requests.push({ ...base, label: `${method} ${operation.path}`, method, path, headers: auth });
    }
    requests.push({
      ...base,
      label: `${operation.method} ${operation.path} with a 10 KB Authorization`,
      method: operation.method,
      path,
      headers: { authorization: `Bearer ${'k'.repeat(10_000)}` },
    });
    requests.push({
      ...base,
      label: `${operation.method} ${operation.path} query with broken escapes`,
      method: operation.method,
      path: `${path}${path.includes('?') ? '&' : '?'}limit=%ff&page=%E0%A4%A&batch_id=%00`,
      headers: auth,
    });
    if (/\{[a-z_]+\}/.test(operation.path)) {
      for (const segment of [
        '%ff',
        '%c3%28',
        '%ED%A0%80',
        '%00',
        '..%2f..%2fetc',
        'x'.repeat(5000),
      ]) {
        requests.push({
          ...base,
          label: `${operation.method} ${operation.path} with path segment ${segment.slice(0, 12)}`,
          method: operation.method,
          path: operation.path.replace(/\{[a-z_]+\}/, segment).replace(/\{[a-z_]+\}/g, 'x'),
          headers: auth,
        });
      }
    }
  }
  return requests;
}
