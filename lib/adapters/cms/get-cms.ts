import type { Config } from '../../platform/config/config';
import { getConfig } from '../../platform/config/config';
import { singleton } from '../../platform/runtime/singleton';
import { EmbeddedCms } from './embedded-cms';
import { SanityCms } from './sanity-cms';
import type { Cms } from './types';

export function createCms(config: Config): Cms {
  if (config.SANITY_PROJECT_ID && config.SANITY_DATASET) {
    return new SanityCms({
      projectId: config.SANITY_PROJECT_ID,
      dataset: config.SANITY_DATASET,
      apiVersion: config.SANITY_API_VERSION,
      token: config.SANITY_API_TOKEN,
      useCdn: config.SANITY_USE_CDN,
    });
  }
  return new EmbeddedCms(config.CMS_DATASET);
}

export function getCms(): Cms {
  return singleton('cms', () => createCms(getConfig()));
}
