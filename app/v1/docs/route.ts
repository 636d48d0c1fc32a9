// GET /v1/docs — human-readable reference of the voice platform API, rendered from our own origin.
import { apiReferencePage } from '@/lib/site/docs/api-reference-page';
import { defineRoute } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: () =>
    apiReferencePage('Voice API reference', '/v1/openapi.json', { securityScheme: 'bearerAuth' }),
});
