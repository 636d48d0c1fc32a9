import { singleton } from '../runtime/singleton';
import { SandboxCallProvider } from './sandbox-provider';
import type { CallProvider } from './types';

export * from './types';
export { SandboxCallProvider } from './sandbox-provider';
export { outcomeForNumber, testNumberOutcomes } from './test-numbers';

/** Only the sandbox line exists so far; a carrier adapter would be chosen here from config. */
export function getCallProvider(): CallProvider {
  return singleton('call-provider', () => new SandboxCallProvider());
}
