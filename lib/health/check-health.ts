import { getBotCheck } from '../botcheck';
import { getCms } from '../cms';
import { getCrm } from '../crm';
import { getStore } from '../store';
import { getWebhookSender } from '../webhooks';

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
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  try {
    await Promise.race([ping(), timeout]);
    return { adapter, description, ok: true };
  } catch (error) {
    return { adapter, description, ok: false, error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/** Asks every port whether it answers. The bot check is not pinged: siteverify has no health call. */
export async function checkHealth(): Promise<{ ok: boolean; ports: Record<string, PortHealth> }> {
  const store = getStore();
  const cms = getCms();
  const crm = getCrm();
  const botcheck = getBotCheck();
  const webhooks = getWebhookSender();
  const [storeHealth, cmsHealth, crmHealth] = await Promise.all([
    probe(store.kind, store.description, () => store.ping()),
    probe(cms.kind, cms.description, () => cms.ping()),
    probe(crm.kind, crm.description, () => crm.ping()),
  ]);
  const ports = {
    store: storeHealth,
    cms: cmsHealth,
    crm: crmHealth,
    botcheck: { adapter: botcheck.kind, description: botcheck.description, ok: true },
    // Receivers are per form and editor-owned; there is nothing global to ping.
    webhooks: { adapter: webhooks.kind, description: webhooks.description, ok: true },
  };
  return { ok: Object.values(ports).every((port) => port.ok), ports };
}
