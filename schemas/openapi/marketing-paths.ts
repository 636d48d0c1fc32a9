import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { registerLeadPaths } from './paths/leads';

/** The marketing API's endpoints: one `paths/<resource>.ts` per resource, listed here. */
const registrations: ((registry: OpenAPIRegistry) => void)[] = [registerLeadPaths];

export function registerMarketingPaths(registry: OpenAPIRegistry): void {
  for (const register of registrations) register(registry);
}
