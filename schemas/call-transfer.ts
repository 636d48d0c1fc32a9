import { z } from './zod';
import { E164 } from './phone';
import { STORABLE, storable } from './text';

/** The most numbers one transfer_list may name. */
export const MAX_TRANSFER_LIST = 10;

export const transferModes = ['cold', 'warm'] as const;

// Any text a person would write ("Sales", "Billing & refunds"): the model picks one by name. No
// narrower pattern: a record's key pattern is one fuzzers and clients rarely honour.
const Label = z.string().min(1).max(40).refine(storable, STORABLE);

export const TransferList = z
  .record(Label, E164)
  .refine((list) => Object.keys(list).length <= MAX_TRANSFER_LIST, {
    message: `must name at most ${MAX_TRANSFER_LIST} numbers`,
  })
  .describe(
    `Up to ${MAX_TRANSFER_LIST} people or teams the agent may hand the caller to, { label: E.164 }, ` +
      'e.g. { "sales": "+14155550111", "support": "+14155550112" }; the agent picks one by label.',
  );

/** The request fields of transfers to a person, shared by calls and batches' call_params. */
export const callTransferFields = {
  transfer_phone_number: E164.nullish()
    .openapi({ type: ['string', 'null'] })
    .describe(
      'A number (E.164) the agent may hand the caller to when they ask for a person: the agent ' +
        'gets a transfer_call action. Calling rules (countries, do-not-call lists) apply to it.',
    ),
  transfer_list: TransferList.nullish(),
  transfer_mode: z
    .enum(transferModes)
    .nullish()
    .describe(
      '`cold` (default): the caller is connected and the agent leaves. `warm`: the agent first ' +
        'calls the person, tells them who is calling and why, then connects the caller and ' +
        'leaves; if nobody answers, the agent says so and the call goes on. A line without ' +
        'conferences refuses warm with 400 naming transfer_mode.',
    ),
};

/** The call detail's transfer fields. */
export const callTransferDetailFields = {
  transferred_to: z
    .string()
    .nullable()
    .describe('The number the caller was handed to (transfer_call); null when not transferred.'),
  transferred_at: z.iso
    .datetime()
    .nullable()
    .describe('When the caller was handed over; call_ended_by is then TRANSFER.'),
};
