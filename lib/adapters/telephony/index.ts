import { getConfig, type Config } from '../../platform/config/config';
import { singleton } from '../../platform/runtime/singleton';
import { SandboxCallProvider } from './sandbox-provider';
import { TwilioCarrier } from './twilio-carrier';
import type { CallProvider } from './types';

export * from './types';
export { SandboxCallProvider } from './sandbox-provider';
export {
  TwilioCarrier,
  mediaStreamUrl,
  sayAndHangUpTwiml,
  statusCallbackUrl,
  streamTwiml,
} from './twilio-carrier';
export { TWILIO_INBOUND_PATH, TWILIO_MEDIA_PATH, TWILIO_STATUS_PATH } from './twilio-carrier';
export { outcomeForNumber, testNumberOutcomes } from './test-numbers';

/** Twilio when its three credentials are set (config checked the rest), else the sandbox line. */
export function createCallProvider(config: Config): CallProvider {
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM_NUMBER) {
    return new TwilioCarrier({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      fromNumber: config.TWILIO_FROM_NUMBER,
      publicApiUrl: config.PUBLIC_API_URL!,
      apiBaseUrl: config.TWILIO_API_BASE_URL,
    });
  }
  return new SandboxCallProvider();
}

export function getCallProvider(): CallProvider {
  return singleton('call-provider', () => createCallProvider(getConfig()));
}
