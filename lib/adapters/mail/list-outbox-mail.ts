import type { KeptMail, Mailer } from './types';

/** What the embedded mailer kept, newest first; with SMTP configured nothing is kept here. */
export async function listOutboxMail(
  mailer: Mailer,
): Promise<{ adapter: Mailer['kind']; messages: KeptMail[] }> {
  // Duck-typed: server.ts and Next's bundle load separate copies of the class (see singleton.ts).
  return { adapter: mailer.kind, messages: mailer.list ? await mailer.list() : [] };
}
