import { NumberBuyRequest, type PhoneNumberBody } from '@/schemas/numbers';
import type { AuditActor } from '../../accounts';
import { carrierLineOf } from '../../adapters/telephony';
import { ApiError } from '../../platform/errors/api-error';
import { parseBody } from '../../platform/http/parse-body';
import { renderNumber } from './render-number';
import { pickSandboxNumber, sandboxCandidates } from './sandbox-numbers';
import { assertCanPayRent, takeNumber } from './take-number';
import type { NumberDeps } from './types';

/**
 * POST /v1/numbers: on a carrier, the first available number matching the search is bought and
 * pointed at our inbound webhook and status callbacks; on the sandbox line, the first free
 * fictional number. The first month's rent comes from the wallet, refused (402) before the
 * carrier is asked when the wallet cannot pay it; a number bought but not paid is given back.
 */
export async function buyNumber(
  deps: NumberDeps,
  input: { orgId: string; body: unknown; actor: AuditActor },
  now: Date,
): Promise<PhoneNumberBody> {
  const search = parseBody(NumberBuyRequest, input.body);
  const feeMicros = deps.monthlyFeeMicros;
  const carrier = carrierLineOf(deps.provider);
  await assertCanPayRent(deps.db, input.orgId, feeMicros, { carrier: carrier !== null });
  const base = { orgId: input.orgId, feeMicros, actor: input.actor };
  if (!carrier) {
    const candidates = sandboxCandidates(search);
    const row = await takeNumber(
      deps.db,
      {
        ...base,
        number: (tx) => pickSandboxNumber(tx, candidates),
        source: 'sandbox',
        carrierSid: null,
      },
      now,
    );
    return renderNumber(row);
  }
  const bought = await carrier.buyNumber({
    country: search.country,
    ...(search.area_code ? { areaCode: search.area_code } : {}),
    ...(search.contains ? { contains: search.contains } : {}),
  });
  if (!bought) throw new ApiError('NO_NUMBERS_AVAILABLE');
  try {
    const row = await takeNumber(
      deps.db,
      { ...base, number: bought.number, source: 'purchased', carrierSid: bought.carrierSid },
      now,
    );
    return renderNumber(row);
  } catch (error) {
    // Not paid for (the wallet emptied meanwhile): the service does not keep paying for it.
    await carrier.releaseNumber(bought.carrierSid).catch((cause: unknown) => {
      console.error(`number ${bought.number}: bought but not paid, and not released:`, cause);
    });
    throw error;
  }
}
