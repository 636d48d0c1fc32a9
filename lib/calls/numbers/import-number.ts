import { NumberImportRequest, type PhoneNumberBody } from '@/schemas/numbers';
import type { AuditActor } from '../../accounts';
import { carrierLineOf } from '../../adapters/telephony';
import { ApiError } from '../../platform/errors/api-error';
import { parseBody } from '../../platform/http/parse-body';
import { numberHolder } from './find-number';
import { renderNumber } from './render-number';
import { isSandboxNumber } from './sandbox-numbers';
import { assertNotServiceNumber } from './assert-not-service-number';
import { assertCanPayRent, takeNumber } from './take-number';
import type { NumberDeps } from './types';

/**
 * POST /v1/numbers/import: a number already in the carrier account (the sandbox line: one of its
 * fictional numbers) becomes the organization's, pointed at our webhooks, rented as a bought one.
 * A number another organization holds is refused before the carrier is touched.
 */
export async function importNumber(
  deps: NumberDeps,
  input: { orgId: string; body: unknown; actor: AuditActor },
  now: Date,
): Promise<PhoneNumberBody> {
  const { number } = parseBody(NumberImportRequest, input.body);
  if (await numberHolder(deps.db, number)) throw new ApiError('NUMBER_TAKEN', { field: 'number' });
  const feeMicros = deps.monthlyFeeMicros;
  const carrier = carrierLineOf(deps.provider);
  if (carrier) assertNotServiceNumber(carrier, number);
  await assertCanPayRent(deps.db, input.orgId, feeMicros, { carrier: carrier !== null });
  const base = { orgId: input.orgId, number, feeMicros, actor: input.actor };
  if (!carrier) {
    if (!isSandboxNumber(number)) {
      throw new ApiError('NUMBER_NOT_FOUND', {
        message: `${number} is not a sandbox number: the sandbox line holds +1 (area code) 555-0110 to 555-0199.`,
        field: 'number',
      });
    }
    return renderNumber(
      await takeNumber(deps.db, { ...base, source: 'sandbox', carrierSid: null }, now),
    );
  }
  const held = await carrier.importNumber(number);
  if (!held) {
    throw new ApiError('NUMBER_NOT_FOUND', {
      message: `${number} is not in the service's carrier account.`,
      field: 'number',
    });
  }
  return renderNumber(
    await takeNumber(deps.db, { ...base, source: 'imported', carrierSid: held.carrierSid }, now),
  );
}
