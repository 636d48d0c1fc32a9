// Voicemail (issue 33): machine detection on the dial, and what the agent does when a machine
// answers. The fields of POST /v1/calls and batch call_params.
import { z } from './zod';
import { STORABLE, storable } from './text';

export const voicemailActions = ['leave_message', 'hangup', 'ignore'] as const;
export type VoicemailAction = (typeof voicemailActions)[number];

/** Who answered, in the call detail, its webhook and its batch's call_data and analysis. */
export const answeredByValues = ['human', 'voicemail', 'unknown', 'no-answer'] as const;

export const callVoicemailFields = {
  answered_by_enabled: z
    .boolean()
    .nullish()
    .describe(
      'Machine detection. True: on a carrier line the call is placed with Twilio’s ' +
        '`MachineDetection=DetectMessageEnd` (asynchronous), so a voicemail is known once its ' +
        'greeting has ended (the beep) and `voicemail_action` runs then; `answered_by` says ' +
        '`human`, `voicemail` or `unknown` (detection could not tell). False or absent: no ' +
        'detection is asked for and a connected call counts as answered by a person. On the ' +
        'sandbox line the test number decides (555-0103 is a voicemail).',
    ),
  voicemail_message: z
    .string()
    .trim()
    .min(1)
    .max(2_000)
    .refine(storable, STORABLE)
    .nullish()
    .describe(
      'What the agent says, word for word, after a voicemail’s beep; `{{name}}` is filled from ' +
        'request_data. Needs answered_by_enabled (else 400). Without it, leave_message has the ' +
        'agent word a short message from its task.',
    ),
  voicemail_action: z
    .enum(voicemailActions)
    .nullish()
    .describe(
      'When voicemail answers: `leave_message` (default) speaks voicemail_message (or one the ' +
        'agent words) and hangs up; `hangup` hangs up at once; `ignore` talks on as to a ' +
        'person. Needs answered_by_enabled (else 400).',
    ),
};
