import { getBotCheck } from '../../adapters/botcheck';
import { getCms } from '../../adapters/cms';
import { getCrm } from '../../adapters/crm';
import { getDatabase } from '../../adapters/db';
import { withTimeout } from '../../platform/runtime/with-timeout';
import { getStore } from '../../adapters/store';
import { getWebhookSender } from '../../adapters/webhooks';
import type { AdmissionStatus } from '../../calls/live-admission';
import { getLiveAdmission } from '../live-admission';

export interface PortHealth {
  adapter: string;
  description: string;
  ok: boolean;
  error?: string;
}

const TIMEOUT_MS = 3_000;

async function probe(
  adapter: string,
  description: string,
  ping: () => Promise<void>,
): Promise<PortHealth> {
  try {
    await withTimeout(ping(), TIMEOUT_MS);
    return { adapter, description, ok: true };
  } catch (error) {
    return { adapter, description, ok: false, error: (error as Error).message };
  }
}

/** Asks every port whether it answers. The bot check is not pinged: siteverify has no health call. */
export async function checkHealth(): Promise<{
  ok: boolean;
  ports: Record<string, PortHealth>;
  liveCalls: AdmissionStatus;
}> {
  const store = getStore();
  const cms = getCms();
  const crm = getCrm();
  const botcheck = getBotCheck();
  const webhooks = getWebhookSender();
  const database = getDatabase();
  const [storeHealth, databaseHealth, cmsHealth, crmHealth] = await Promise.all([
    probe(store.kind, store.description, () => store.ping()),
    probe(database.kind, database.description, () => database.ping()),
    probe(cms.kind, cms.description, () => cms.ping()),
    probe(crm.kind, crm.description, () => crm.ping()),
  ]);
  const ports = {
    store: storeHealth,
    database: databaseHealth,
    cms: cmsHealth,
    crm: crmHealth,
    botcheck: { adapter: botcheck.kind, description: botcheck.description, ok: true },
    // Receivers are per form and editor-owned; there is nothing global to ping.
    webhooks: { adapter: webhooks.kind, description: webhooks.description, ok: true },
  };
  // This instance's live calls and event loop, and whether it starts more (LIVE_CALL_CAPACITY).
  const liveCalls = getLiveAdmission().status();
  return { ok: Object.values(ports).every((port) => port.ok), ports, liveCalls };
}
