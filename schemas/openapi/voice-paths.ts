import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { registerBatchPaths } from './paths/batches';

/** The voice API's endpoints: one `paths/<resource>.ts` per resource, listed here. */
const registrations: ((registry: OpenAPIRegistry) => void)[] = [registerBatchPaths];

export function registerVoicePaths(registry: OpenAPIRegistry): void {
  for (const register of registrations) register(registry);
}
