import type { Config } from '../../platform/config/config';
import { getConfig } from '../../platform/config/config';
import { singleton } from '../../platform/runtime/singleton';
import { getStore, type Store } from '../store';
import { HubspotCrm } from './hubspot-crm';
import { OutboxCrm } from './outbox-crm';
import type { Crm } from './types';

export function createCrm(config: Config, store: Store): Crm {
  if (config.HUBSPOT_ACCESS_TOKEN) return new HubspotCrm(config.HUBSPOT_ACCESS_TOKEN);
  return new OutboxCrm(store);
}

export function getCrm(): Crm {
  return singleton('crm', () => createCrm(getConfig(), getStore()));
}
