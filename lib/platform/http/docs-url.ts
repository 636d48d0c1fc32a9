import { publicOrigin, type ApiName } from './public-origin';

export type { ApiName };

const documentPath: Record<ApiName, string> = {
  marketing: '/openapi.json',
  voice: '/v1/openapi.json',
};

/** Absolute URL of the OpenAPI document that describes `api`. */
export function docsUrl(api: ApiName): string {
  return publicOrigin(api) + documentPath[api];
}
