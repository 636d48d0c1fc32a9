import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { registerStatsPaths } from './paths/stats';

/** The marketing API's endpoints: one `paths/<resource>.ts` per resource, listed here. */
const registrations: ((registry: OpenAPIRegistry) => void)[] = [registerStatsPaths];

export function registerMarketingPaths(registry: OpenAPIRegistry): void {
  for (const register of registrations) register(registry);
}
