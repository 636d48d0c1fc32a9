import type { Client } from '@hubspot/api-client';
import { z } from 'zod';
import { loadOnce } from '../../platform/runtime/load-once';
import { withTimeout } from '../../platform/runtime/with-timeout';
import { CrmError, type Crm, type CrmContact, type CrmResult } from './types';

const upsertReply = z.object({
  status: z.string(),
  results: z.array(z.object({ id: z.string() })).min(1),
});

/** HubSpot contacts, upserted by email in one call. */
export class HubspotCrm implements Crm {
  readonly kind = 'hubspot' as const;
  readonly description = 'hubspot (contacts upsert by email)';
  private readonly client: () => Promise<Client>;
  private readonly timeoutMs: number;

  /** `timeoutMs` bounds each call well inside the lead sync's 60 s lock (upserts are idempotent). */
  constructor(accessToken: string, options: { retries?: number; timeoutMs?: number } = {}) {
    this.client = loadOnce(async () => {
      const { Client: HubspotClient } = await import('@hubspot/api-client');
      return new HubspotClient({ accessToken, numberOfApiCallRetries: options.retries ?? 0 });
    });
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  async upsertContact(contact: CrmContact): Promise<CrmResult> {
    let reply: unknown;
    try {
      reply = await withTimeout(
        (await this.client()).crm.contacts.batchApi.upsert({
          inputs: [
            {
              id: contact.email,
              idProperty: 'email',
              properties: { ...contact.properties, email: contact.email },
            },
          ],
        }),
        this.timeoutMs,
      );
    } catch (error) {
      throw new CrmError(`hubspot upsert failed: ${(error as Error).message}`, { cause: error });
    }
    const parsed = upsertReply.safeParse(reply);
    if (!parsed.success) throw new CrmError('hubspot upsert returned an unexpected reply');
    return { id: parsed.data.results[0]!.id };
  }

  async ping(): Promise<void> {
    try {
      await withTimeout((await this.client()).crm.contacts.basicApi.getPage(1), this.timeoutMs);
    } catch (error) {
      throw new CrmError(`hubspot unreachable: ${(error as Error).message}`, { cause: error });
    }
  }
}
