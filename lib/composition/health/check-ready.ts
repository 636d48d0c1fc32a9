import { getDatabase } from '../../adapters/db';
import { withTimeout } from '../../platform/runtime/with-timeout';
import { singleton } from '../../platform/runtime/singleton';
import { getStore } from '../../adapters/store';

const TIMEOUT_MS = 2_000;
/** Probes answered within this window share one result: a flood of checks is one ping each. */
const REUSE_MS = 1_000;

interface Probe {
  at: number;
  ready: Promise<boolean>;
}

export interface Pingable {
  ping(): Promise<void>;
}

async function probe(ports: Pingable[]): Promise<boolean> {
  try {
    await withTimeout(Promise.all(ports.map((port) => port.ping())), TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether this instance can serve: its store and database answer. For load balancers and
 * container health checks; the CMS, CRM and upstreams are left out (the routes that need them
 * answer their own errors, and restarting an instance would not bring them back).
 */
export function checkReady(
  now: number = Date.now(),
  ports: () => Pingable[] = () => [getStore(), getDatabase()],
): Promise<boolean> {
  const last = singleton<{ probe?: Probe }>('health.ready', () => ({}));
  if (last.probe && now - last.probe.at < REUSE_MS) return last.probe.ready;
  last.probe = { at: now, ready: probe(ports()) };
  return last.probe.ready;
}
