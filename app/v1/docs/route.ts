// GET /v1/docs — human-readable reference of the voice platform API.
import { ApiReference } from '@scalar/nextjs-api-reference';

export const GET = ApiReference({ url: '/v1/openapi.json', pageTitle: 'Voice API reference' });
