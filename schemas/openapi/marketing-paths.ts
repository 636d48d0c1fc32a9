import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { registerBlogPaths } from './paths/blog';
import { registerContactPaths } from './paths/contact';
import { registerLeadPaths } from './paths/leads';
import { registerStatsPaths } from './paths/stats';

/** The marketing API's endpoints: one `paths/<resource>.ts` per resource, listed here. */
const registrations: ((registry: OpenAPIRegistry) => void)[] = [
  registerBlogPaths,
  registerStatsPaths,
  registerContactPaths,
  registerLeadPaths,
];

export function registerMarketingPaths(registry: OpenAPIRegistry): void {
  for (const register of registrations) register(registry);
}
