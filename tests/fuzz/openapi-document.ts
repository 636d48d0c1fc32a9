// The parts of an OpenAPI 3.1 document the fuzzer reads, and $ref resolution over them.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: Json[];
  const?: Json;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  multipleOf?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
  example?: Json;
  default?: Json;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

export interface MediaType {
  schema?: Schema;
}

export interface ResponseObject {
  headers?: Record<string, { required?: boolean; schema?: Schema }>;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
  security?: Record<string, string[]>[];
}

export const HTTP_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'] as const;

/** One documented operation, with what the fuzzer needs in one place. */
export interface DocumentedOperation {
  document: 'marketing' | 'voice';
  method: string;
  path: string;
  operation: Operation;
  /** Methods the document lists on this path (upper case). */
  pathMethods: string[];
  needsKey: boolean;
}

export function operationsOf(
  name: DocumentedOperation['document'],
  document: OpenApiDocument,
): DocumentedOperation[] {
  const found: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const methods = Object.keys(item).filter((m) =>
      (HTTP_METHODS as readonly string[]).includes(m),
    );
    for (const method of methods) {
      const operation = item[method]!;
      const security = operation.security ?? document.security ?? [];
      found.push({
        document: name,
        method: method.toUpperCase(),
        path,
        operation,
        pathMethods: methods.map((m) => m.toUpperCase()),
        needsKey: security.some((requirement) => Object.keys(requirement).length > 0),
      });
    }
  }
  return found;
}

/** Follows `#/components/schemas/X` references (one level at a time, as often as needed). */
export function resolve(document: OpenApiDocument, schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 20; depth += 1) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved $ref ${current.$ref}`);
    current = target;
  }
  return current;
}
