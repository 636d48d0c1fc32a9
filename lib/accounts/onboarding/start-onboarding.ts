import { randomBytes } from 'node:crypto';
import { schema, type Db, isUniqueViolation } from '../../adapters/db';
import {
  displayUserCode,
  hashDeviceCode,
  newDeviceCode,
  newUserCode,
  ONBOARDING_TTL_SECONDS,
  POLL_INTERVAL_SECONDS,
} from './codes';

/** RFC 8628 device authorization: the agent gets a device code to poll with and a code for a person. */
export async function startOnboarding(
  db: Db,
  clientName: string | null,
  siteOrigin: string,
  now: Date,
) {
  const deviceCode = newDeviceCode();
  for (let attempt = 0; ; attempt += 1) {
    const userCode = newUserCode();
    try {
      await db.insert(schema.agentOnboardings).values({
        id: `onb_${randomBytes(9).toString('base64url')}`,
        deviceCodeHash: hashDeviceCode(deviceCode),
        userCode,
        clientName,
        status: 'pending',
        intervalSeconds: POLL_INTERVAL_SECONDS,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ONBOARDING_TTL_SECONDS * 1000),
      });
      const shown = displayUserCode(userCode);
      const verificationUri = `${siteOrigin}/console/device`;
      return {
        device_code: deviceCode,
        user_code: shown,
        verification_uri: verificationUri,
        verification_uri_complete: `${verificationUri}?user_code=${shown}`,
        expires_in: ONBOARDING_TTL_SECONDS,
        interval: POLL_INTERVAL_SECONDS,
      };
    } catch (error) {
      // 20^8 codes: a collision with a live one is rare; draw again.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}
