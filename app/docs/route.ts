// GET /docs — human-readable reference of the marketing API, rendered from our own origin.
import { apiReferencePage } from '@/lib/site/docs/api-reference-page';
import { defineRoute } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('marketing', {
  GET: () => apiReferencePage('Marketing API reference', '/openapi.json'),
});
