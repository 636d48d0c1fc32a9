// Validates values against schemas of a document with ajv (draft 2020-12, as OpenAPI 3.1 is):
// the whole document is added once, and a schema is addressed by its JSON pointer in it, so
// `#/components/schemas/...` references resolve as they do for any client.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { fullFormats } from 'ajv-formats/dist/formats';
import type { OpenApiDocument } from './openapi-document';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export class SchemaValidator {
  // multipleOf 0.01 read with a tolerance, as the server's whole-cents rule (schemas/billing.ts).
  private readonly ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    validateSchema: false,
    multipleOfPrecision: 6,
  });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(
    private readonly id: string,
    document: OpenApiDocument,
  ) {
    this.ajv.addFormat('uuid', UUID);
    this.ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)) && /T/.test(s));
    this.ajv.addFormat('uri', (s: string) => URL.canParse(s));
    // As JSON Schema validators read `email` (ajv-formats' full mode): a label never ends in '-'.
    this.ajv.addFormat('email', fullFormats.email);
    this.ajv.addFormat('binary', () => true);
    this.ajv.addFormat('int32', () => true);
    this.ajv.addFormat('int64', () => true);
    this.ajv.addKeyword('example');
    this.ajv.addSchema(document as object, id);
  }

  /** `pointer` is a JSON pointer into the document, e.g. `/components/schemas/ApiError`. */
  validate(pointer: string, value: unknown): string | undefined {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${this.id}#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    if (validate(value)) return undefined;
    const error = validate.errors?.[0];
    return error ? `${error.instancePath || '(root)'} ${error.message ?? 'invalid'}` : 'invalid';
  }
}
