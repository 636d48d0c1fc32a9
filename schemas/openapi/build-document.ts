import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { z } from '../zod';
import { typeEverySchema } from './type-every-schema';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

export interface DocumentSpec {
  title: string;
  version: string;
  description: string;
  /** Components listed even when no path references them yet. */
  components: z.ZodType[];
  paths: (registry: OpenAPIRegistry) => void;
  security?: { name: string; scheme: Parameters<OpenAPIRegistry['registerComponent']>[2] };
}

/** Generates an OpenAPI 3.1 document from our zod schemas; never hand-written. */
export function buildDocument(spec: DocumentSpec, serverUrl: string): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  for (const schema of spec.components) {
    const id = (schema.meta() as { id?: string } | undefined)?.id;
    if (id) registry.register(id, schema);
  }
  if (spec.security)
    registry.registerComponent('securitySchemes', spec.security.name, spec.security.scheme);
  spec.paths(registry);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: spec.title, version: spec.version, description: spec.description },
    servers: [{ url: serverUrl }],
  });
  return typeEverySchema(document);
}
