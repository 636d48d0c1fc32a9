import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { registerAgentPaths } from './paths/agents';
import { registerNumberPaths } from './paths/numbers';
import { registerAuditPaths } from './paths/audit';
import { registerAutoTopUpPaths } from './paths/auto-top-up';
import { registerBatchPaths } from './paths/batches';
import { registerBillingPaths } from './paths/billing';
import { registerCallWebhookPaths } from './paths/call-webhooks';
import { registerCallPaths } from './paths/calls';
import { registerCallingRulesPaths } from './paths/calling-rules';
import { registerMcpPaths } from './paths/mcp';
import { registerOAuthPaths } from './paths/oauth';
import { registerOnboardingPaths } from './paths/onboarding';
import { registerSpeechPaths } from './paths/speech';
import { registerVoiceCatalogPaths } from './paths/voices';

/** The voice API's endpoints: one `paths/<resource>.ts` per resource, listed here. */
const registrations: ((registry: OpenAPIRegistry) => void)[] = [
  registerCallPaths,
  registerAgentPaths,
  registerNumberPaths,
  registerCallingRulesPaths,
  registerCallWebhookPaths,
  registerBatchPaths,
  registerSpeechPaths,
  registerVoiceCatalogPaths,
  registerMcpPaths,
  registerOAuthPaths,
  registerAuditPaths,
  registerOnboardingPaths,
  registerBillingPaths,
  registerAutoTopUpPaths,
];

export function registerVoicePaths(registry: OpenAPIRegistry): void {
  for (const register of registrations) register(registry);
}
