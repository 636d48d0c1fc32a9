import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

/** The marketing API's endpoints; each is added here when it is implemented. */
export function registerMarketingPaths(registry: OpenAPIRegistry): void {
  void registry;
}
