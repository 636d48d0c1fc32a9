import { ApiError } from '../platform/errors/api-error';
import { checkTransferNumber } from './rules';
import {
  transferNumbers,
  transferSettingsOf,
  type TransferFields,
} from './actions/transfer-settings';
import type { CallDeps } from './types';

/**
 * A dispatch's transfer fields, before anything is written: the line must be able to make the
 * transfer asked for (a carrier without conferences refuses warm), and every number passes the
 * calling rules a dial would (countries, denied prefixes, do-not-call lists), each refusal
 * naming its field.
 */
export async function checkTransferFields(
  deps: Pick<CallDeps, 'db' | 'provider' | 'rules' | 'clock'>,
  orgId: string,
  fields: TransferFields,
): Promise<void> {
  const settings = transferSettingsOf(fields);
  if (!settings && fields.transfer_mode) {
    // A mode with nowhere to transfer to would be silently ignored.
    throw new ApiError('INVALID_BODY', {
      message: 'transfer_mode: set transfer_phone_number or transfer_list to transfer to.',
      field: 'transfer_mode',
    });
  }
  if (!settings) return;
  const line = deps.provider;
  if (line.kind === 'twilio') {
    if (!line.dialOver) {
      throw new ApiError('INVALID_BODY', {
        message: `${fields.transfer_phone_number ? 'transfer_phone_number' : 'transfer_list'}: this line cannot transfer calls.`,
        field: fields.transfer_phone_number ? 'transfer_phone_number' : 'transfer_list',
      });
    }
    if (
      settings.mode === 'warm' &&
      !(line.callIntoConference && line.legStatus && line.joinConference)
    ) {
      throw new ApiError('INVALID_BODY', {
        message: 'transfer_mode: this line cannot make warm transfers (no conferences); use cold.',
        field: 'transfer_mode',
      });
    }
  }
  const rules = deps.rules;
  if (!rules) return;
  for (const { to, field } of transferNumbers(fields)) {
    await checkTransferNumber(
      { db: deps.db, rules, provider: deps.provider },
      { orgId, to, field, now: deps.clock.now() },
    );
  }
}
