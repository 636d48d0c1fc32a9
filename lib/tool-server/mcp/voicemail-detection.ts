/**
 * create_call's voicemail_message turns machine detection on. REST asks for both fields
 * (voicemail_message without answered_by_enabled is a 400); the tool list carries only the
 * message (its size budget), and a message for a voicemail already says the caller wants one
 * known. The call's request_data then shows the request it ran as, detection included.
 */
export function withVoicemailDetection<T extends { voicemail_message?: string | null }>(
  args: T,
): T & { answered_by_enabled?: true } {
  return args.voicemail_message == null ? args : { ...args, answered_by_enabled: true };
}
