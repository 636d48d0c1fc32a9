// The generated OpenAPI documents say what the code enforces, so a client generated from them
// does not send requests we then refuse.
import { validate } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentType, type AudioFormat } from '@/lib/speech/audio-format';
import { marketingOpenApi } from '@/schemas/openapi/marketing';
import { voiceOpenApi } from '@/schemas/openapi/voice';
import { E164 } from '@/schemas/phone';
import { AudioSpec, OpenAiSpeechRequest } from '@/schemas/speech';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const voice = voiceOpenApi('https://api.example') as Json;
const marketing = marketingOpenApi('https://www.example') as Json;
const schemas = voice.components.schemas as Json;

describe('both documents', () => {
  it.each([
    ['voice', voice],
    ['marketing', marketing],
  ])('the %s document is valid OpenAPI 3.1', async (_name, document) => {
    const result = await validate(structuredClone(document) as never);
    expect(result).toMatchObject({ valid: true });
  });
});

describe('request fields are as strict as their validation', () => {
  it('contact email: format email, at most 254 characters', () => {
    expect(marketing.components.schemas.ContactRequest.properties.email).toMatchObject({
      format: 'email',
      maxLength: 254,
    });
  });

  it('phone_number: the E.164 pattern, which agrees with the validator', () => {
    const phone = schemas.CallDispatchRequest.properties.phone_number;
    expect(phone).toMatchObject({ type: 'string', pattern: '^\\+[1-9]\\d{6,14}$' });
    expect(schemas.CallDispatchRequest.properties.from.pattern).toBe(phone.pattern);
    const pattern = new RegExp(phone.pattern as string);
    // Whatever the validator accepts comes out in the documented form; whatever does not
    // match the pattern (once separators are removed) the validator refuses.
    fc.assert(
      fc.property(fc.stringMatching(/^\+?[0-9 ().-]{0,18}$/), (candidate) => {
        const parsed = E164.safeParse(candidate);
        if (parsed.success) expect(parsed.data).toMatch(pattern);
        if (!pattern.test(candidate.trim().replace(/[\s().-]/g, '')))
          expect(parsed.success).toBe(false);
      }),
      { seed: 16, numRuns: 2000 },
    );
    expect(E164.parse('+14155550123')).toMatch(pattern);
  });

  it('model: an enum of the served models', () => {
    const model = schemas.OpenAiSpeechRequest.properties.model;
    expect(model.enum).toEqual(['btts-3', 'btts-2']);
    for (const id of model.enum as string[]) {
      expect(
        OpenAiSpeechRequest.safeParse({ model: id, input: 'hi', voice: 'en-us' }).success,
      ).toBe(true);
    }
    expect(
      OpenAiSpeechRequest.safeParse({ model: 'tts-1', input: 'hi', voice: 'en-us' }).success,
    ).toBe(false);
  });

  it('μ-law only at 8000 Hz: the documented AudioSpec accepts exactly what the schema does', () => {
    const spec = schemas.AudioSpec as Json;
    expect(spec.description).toMatch(/μ-law is 8000 Hz only/);
    const check = new Ajv2020({ strict: false }).compile(spec);
    for (const encoding of [undefined, 'pcm_s16le', 'mulaw'])
      for (const sample_rate of [undefined, 8000, 16000, 24000])
        for (const container of [undefined, 'raw', 'wav']) {
          const audio = { container, encoding, sample_rate };
          const sent = JSON.parse(JSON.stringify(audio)) as Json;
          expect(check(sent), JSON.stringify(sent)).toBe(AudioSpec.safeParse(sent).success);
        }
  });
});

describe('responses', () => {
  const post = (path: string) => voice.paths[path].post as Json;

  it('raw and compressed audio content types are documented where they are answered', () => {
    const formats: AudioFormat[] = [
      { container: 'wav', encoding: 'pcm_s16le', sampleRate: 24000 },
      { container: 'raw', encoding: 'pcm_s16le', sampleRate: 16000 },
      { container: 'raw', encoding: 'mulaw', sampleRate: 8000 },
      { container: 'mp3', encoding: 'pcm_s16le', sampleRate: 24000 },
      { container: 'ogg_opus', encoding: 'pcm_s16le', sampleRate: 24000 },
      { container: 'flac', encoding: 'pcm_s16le', sampleRate: 24000 },
    ];
    const essences = formats.map((format) => contentType(format).split(';')[0]!);
    expect(essences).toEqual([
      'audio/wav',
      'audio/L16',
      'audio/basic',
      'audio/mpeg',
      'audio/ogg',
      'audio/flac',
    ]);
    for (const responses of [
      post('/v2/tts').responses,
      voice.paths['/v1/audio/shares/{share_id}'].get.responses,
    ]) {
      expect(Object.keys(responses['200'].content).sort()).toEqual([...essences].sort());
      expect(responses['200'].description).toContain('audio/L16;rate=');
      expect(responses['200'].description).toContain('audio/basic;rate=8000');
    }
    expect(Object.keys(post('/v2/audio/speech').responses['200'].content).sort()).toEqual([
      'audio/L16',
      'audio/flac',
      'audio/mpeg',
      'audio/ogg',
      'audio/wav',
    ]);
  });

  it('GET /v2/tts/ws without an upgrade: 401, then 426 UPGRADE_REQUIRED', () => {
    const responses = voice.paths['/v2/tts/ws'].get.responses as Json;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['101', '401', '426']));
    expect(responses['426'].description).toMatch(/^UPGRADE_REQUIRED/);
    expect(responses['426'].headers.Upgrade).toBeDefined();
  });
});

// What the outside fuzzer (tests/api/fuzz.test.ts) found the documents leaving out.
describe('every answer the routes give is documented', () => {
  const jsonBodies = (document: Json) =>
    Object.entries(document.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([, op]) => (op as Json).requestBody?.content?.['application/json'])
        .map(([method, op]) => [`${method.toUpperCase()} ${path}`, op as Json] as const),
    );

  it('413 PAYLOAD_TOO_LARGE wherever a JSON body is read (lib/platform/http/read-json.ts: 1 MB)', () => {
    // The authorization server (oidc-provider) reads its own bodies.
    const operations = [...jsonBodies(voice), ...jsonBodies(marketing)].filter(
      ([name]) => !name.includes(' /authorization/'),
    );
    expect(operations.length).toBeGreaterThan(10);
    for (const [name, operation] of operations) {
      expect(operation.responses['413']?.description, name).toMatch(/^PAYLOAD_TOO_LARGE/);
    }
  });

  it('the tool server: 406 and 415 from the transport, and JSON-RPC errors with a null id', () => {
    const responses = voice.paths['/v1/mcp'].post.responses as Json;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['406', '415']));
    const id = responses['400'].content['application/json'].schema.properties.id;
    expect(id.anyOf).toEqual(expect.arrayContaining([{ type: 'null' }]));
  });

  it('the authorization endpoint’s 303 carries Location and a short body', () => {
    const redirect = voice.paths['/authorization/authorize'].get.responses['303'];
    expect(redirect.headers.Location.required).toBe(true);
    expect(Object.keys(redirect.content).sort()).toEqual(['text/html', 'text/plain']);
  });

  it('lead attribution: the truncated limits are words, not maxLength (longer is accepted)', () => {
    const schemas = marketing.components.schemas;
    for (const field of [
      schemas.AttributionTouch.properties.utm_source,
      schemas.LeadAttribution.properties.pageUri,
      schemas.LeadAttribution.properties.referrer,
      schemas.LeadAttribution.properties.crmutk,
    ]) {
      expect(field.maxLength).toBeUndefined();
      expect(field.description).toMatch(/[Tt]runcated/);
    }
  });

  it('token revocation documents its 400 invalid_request', () => {
    expect(voice.paths['/authorization/revoke'].post.responses['400']).toBeDefined();
  });

  it('contact: company and botCheckToken take any value (what is not a string counts as none)', () => {
    const contact = marketing.components.schemas.ContactRequest.properties;
    const anyType = ['null', 'boolean', 'string', 'number', 'integer', 'object', 'array'];
    expect(contact.company.type).toEqual(anyType);
    expect(contact.botCheckToken.type).toEqual(anyType);
  });

  it('every schema names its type, so the reference page reads it without validation errors', () => {
    const untyped: string[] = [];
    const visit = (node: unknown, path: string, isSchema: boolean): void => {
      if (typeof node !== 'object' || node === null) return;
      if (Array.isArray(node))
        return node.forEach((item, i) => visit(item, `${path}/${i}`, isSchema));
      const record = node as Record<string, unknown>;
      if (isSchema && !('$ref' in record) && !('type' in record)) untyped.push(path);
      for (const [key, value] of Object.entries(record)) {
        const schemaKeys = ['schema', 'items', 'not', 'allOf', 'anyOf', 'oneOf'];
        if (schemaKeys.includes(key)) visit(value, `${path}/${key}`, true);
        else if (key === 'properties' || (key === 'schemas' && path.endsWith('components')))
          for (const [name, child] of Object.entries(value as object))
            visit(child, `${path}/${key}/${name}`, true);
        else if (!isSchema) visit(value, `${path}/${key}`, false);
        else if (
          typeof value === 'object' &&
          key !== 'examples' &&
          key !== 'example' &&
          key !== 'enum' &&
          key !== 'const' &&
          key !== 'default'
        )
          visit(value, `${path}/${key}`, false);
      }
    };
    visit(voice, '', false);
    visit(marketing, '', false);
    expect(untyped).toEqual([]);
  });
});

describe('issue 21: what Schemathesis found rejected although the document allowed it', () => {
  const operation = (path: string, method = 'post') => voice.paths[path][method] as Json;
  const header = (path: string, name: string) =>
    (operation(path).parameters as Json[]).find((p) => p.name === name && p.in === 'header')!;

  it('from on POST /v1/calls is nullable, as the code takes it', () => {
    expect(schemas.CallDispatchRequest.properties.from.type).toEqual(['string', 'null']);
  });

  it('Idempotency-Key: 1–255 printable ASCII characters, as run-idempotent checks it', () => {
    for (const path of ['/v1/calls', '/v1/batches']) {
      expect(header(path, 'Idempotency-Key').schema).toMatchObject({
        minLength: 1,
        maxLength: 255,
        pattern: '^[\\x21-\\x7e]+$',
      });
    }
  });

  it('response_format of /v2/audio/speech is an enum', () => {
    expect(schemas.OpenAiSpeechRequest.properties.response_format.enum).toEqual([
      'mp3',
      'opus',
      'flac',
      'wav',
      'pcm',
    ]);
    expect(
      OpenAiSpeechRequest.safeParse({
        model: 'btts-3',
        input: 'x',
        voice: 'ava',
        response_format: 'aac',
      }).success,
    ).toBe(false);
  });

  it('webhook is an http(s) URI', () => {
    const webhook = schemas.CallDispatchRequest.properties.webhook as Json;
    expect(webhook.anyOf).toContainEqual(
      expect.objectContaining({ format: 'uri', pattern: '^\\s*[Hh][Tt][Tt][Pp][Ss]?://' }),
    );
    const check = new Ajv2020({ strict: false }).compile(webhook);
    for (const [value, valid] of [
      ['https://hooks.example/x', true],
      ['', true],
      [null, true],
      ['ftp://hooks.example/x', false],
    ] as const)
      expect(check(value), String(value)).toBe(valid);
  });

  it('contact name, email and message, and OAuth client_name, are non-empty', () => {
    const contact = marketing.components.schemas.ContactRequest.properties;
    for (const field of ['name', 'email', 'message']) expect(contact[field].minLength).toBe(1);
    expect(contact.name.pattern).toBe('\\S');
    expect(schemas.OAuthClientRegistration.properties.client_name.minLength).toBe(1);
  });

  it('the audio rules across fields are in the schema: μ-law raw/wav at 8000 Hz, mp3 and opus rates', () => {
    const ajv = new Ajv2020({ strict: false });
    const check = ajv.compile(schemas.AudioSpec as object);
    const cases: [Record<string, unknown>, boolean][] = [
      [{}, true],
      [{ encoding: 'mulaw', sample_rate: 8000 }, true],
      [{ encoding: 'mulaw', sample_rate: 8000, container: 'mp3' }, false],
      [{ encoding: 'mulaw' }, false],
      [{ container: 'mp3', sample_rate: 44100 }, true],
      [{ container: 'mp3', sample_rate: 9000 }, false],
      [{ container: 'ogg_opus', sample_rate: 22050 }, false],
      [{ container: 'ogg_opus', sample_rate: 48000 }, true],
    ];
    for (const [value, valid] of cases) {
      expect(check(value), JSON.stringify(value)).toBe(valid);
      expect(AudioSpec.safeParse(value).success, JSON.stringify(value)).toBe(valid);
    }
  });

  it('/v1/mcp documents its required Accept header and a required method', () => {
    expect(header('/v1/mcp', 'Accept')).toMatchObject({ required: true });
    const body = operation('/v1/mcp').requestBody.content['application/json'].schema as Json;
    const [single, batch] = body.anyOf as Json[];
    expect(single!.required).toEqual(expect.arrayContaining(['jsonrpc', 'method']));
    expect(batch!.items).toEqual(single);
  });
});

describe('issue 36: the documents as strict as the code where an outside fuzzer found them looser', () => {
  const ledgerCursor = () =>
    (voice.paths['/v1/billing/ledger'].get.parameters as Json[]).find((p) => p.name === 'cursor')!
      .schema;

  it('a top-up states the configured bounds and whole cents, and an auto top-up its amounts', () => {
    expect(schemas.TopUpRequest.properties.amount_usd).toMatchObject({
      minimum: 5,
      maximum: 1000,
      multipleOf: 0.01,
    });
    const configured = voiceOpenApi('https://api.example', { min: 2, max: 250 }) as Json;
    expect(configured.components.schemas.TopUpRequest.properties.amount_usd).toMatchObject({
      minimum: 2,
      maximum: 250,
    });
    const auto = configured.components.schemas.AutoTopUpRequest.properties;
    expect(auto.amount_usd).toMatchObject({ minimum: 5, maximum: 250, multipleOf: 0.01 });
    for (const field of ['threshold_usd', 'monthly_cap_usd', 'low_balance_usd'])
      expect(auto[field].multipleOf, field).toBe(0.01);
    expect(auto.monthly_cap_usd.description).toMatch(/at least amount_usd/);
  });

  it('the ledger cursor has the pattern of the cursors it gives', () => {
    const pattern = new RegExp(ledgerCursor().pattern as string, 'u');
    expect(pattern.test('12345')).toBe(true);
    for (const made_up of ['', 'abc', '0', '-1', '1'.repeat(17)])
      expect(pattern.test(made_up), made_up).toBe(false);
  });

  it('/v1/mcp says a batch is for 2025-era revisions only', () => {
    const body = voice.paths['/v1/mcp'].post.requestBody.content['application/json'].schema;
    const batch = (body.anyOf as Json[]).find((s) => s.type === 'array')!;
    expect(batch.description).toMatch(/2026-07-28 has no batches/);
  });
});
