import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

/** The voice API's endpoints; each is added here when it is implemented. */
export function registerVoicePaths(registry: OpenAPIRegistry): void {
  void registry;
}
